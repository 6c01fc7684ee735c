import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { extract } from 'tar';
import { baselineWasmOnly } from './pglite-wasm.js';

/**
 * The database cluster a first start of the embedded database begins from, made by the server's
 * build with the PGlite it ships with and every migration of that build applied (decision 067).
 * A first start unpacks it instead of running initdb, which needs a second PostgreSQL beside the
 * first (decision 033), and applies only the migrations newer than it: none, from a build. The
 * migrations, run statement by statement on a fresh cluster, were most of a first start's peak.
 * Without the file (the tests run the sources), initdb runs.
 */
export const PGLITE_TEMPLATE = fileURLToPath(
  new URL('../../pglite-template.tar.gz', import.meta.url),
);

/**
 * Runs initdb once, in memory, then `prepare` (the build applies the migrations), and writes the
 * cluster to `file` (a gzip'd tar).
 */
export async function writePgliteTemplate(
  file: string,
  prepare: (cluster: PGlite) => Promise<void> = async () => undefined,
): Promise<void> {
  baselineWasmOnly();
  const cluster = await PGlite.create();
  try {
    await prepare(cluster);
    const archive = await cluster.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await cluster.close();
  }
}

/** Written last: PGlite takes a folder that holds it for a database, a half-unpacked one too. */
const MARKER = 'PG_VERSION';

/** Whether a path of the archive is the marker (PGlite's archive names it with or without `./`). */
const isMarker = (path: string) =>
  path
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/') === MARKER;

/**
 * Unpacks a template (a gzip'd tar, as PGlite's `dumpDataDir` writes it) into `folder`, streaming:
 * PGlite's own `loadDataDir` holds the archive, its 40 MB unpacked and their copies in memory at
 * once, about 90 MB that the process kept long after. PG_VERSION is unpacked last, in a second
 * pass, so that a start interrupted while unpacking unpacks again next time.
 */
export async function unpackPgliteTemplate(file: string, folder: string): Promise<void> {
  await extract({ file, cwd: folder, filter: (path) => !isMarker(path) });
  let found = false;
  await extract({
    file,
    cwd: folder,
    filter: (path) => {
      found ||= isMarker(path);
      return isMarker(path);
    },
  });
  if (!found) throw new Error(`the template ${file} holds no ${MARKER}`);
}
