// Writes .br and .gz copies of the built text assets next to them, so that the server sends
// them compressed (@fastify/static's preCompressed) without compressing on every request.
// Source maps, four fifths of the bytes and fetched only by a browser's developer tools, get
// brotli's quality 5 rather than 11: they took 12 of the 15 seconds this script took
// (docs/performance.md, a fresh clone to the first page).
import console from 'node:console';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

/** Brotli's highest quality for what browsers load; a fast one for the source maps. */
const brotliQuality = (path) => (path.endsWith('.map') ? 5 : 11);

let count = 0;
for (const path of files(root)) {
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(path) },
    }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
