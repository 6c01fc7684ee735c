import {
  closeSync,
  createReadStream,
  mkdirSync,
  openSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
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

const BLOCK = 512;
/** Written last: PGlite takes a folder that holds it for a database, a half-unpacked one too. */
const MARKER = 'PG_VERSION';

/** A tar header's field: text up to its first NUL. */
const field = (header: Buffer, start: number, length: number) =>
  header.toString('latin1', start, start + length).replace(/\0.*$/s, '');

/**
 * Unpacks a template (a gzip'd tar, as PGlite's `dumpDataDir` writes it) into `folder`, streaming:
 * PGlite's own `loadDataDir` holds the archive, its 40 MB unpacked and their copies in memory at
 * once, about 90 MB that the process kept long after. PG_VERSION is written last, so that a start
 * interrupted while unpacking unpacks again next time.
 */
export async function unpackPgliteTemplate(file: string, folder: string): Promise<void> {
  let header = Buffer.alloc(0);
  /** The file being written, and how many of its bytes are still to come. */
  let current: { fd: number | undefined; left: number; marker: Buffer[] | undefined } | undefined;
  let padding = 0;
  let ended = false;
  let marker: { path: string; mode: number; data: Buffer[] } | undefined;

  const open = (block: Buffer) => {
    const name = `${field(block, 345, 155)}/${field(block, 0, 100)}`;
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.includes('..')) throw new Error(`template entry outside its folder: ${name}`);
    const path = join(folder, ...parts);
    const mode = Number.parseInt(field(block, 100, 8) || '600', 8) & 0o777;
    const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1) || '0';
    if (type === '5') {
      mkdirSync(path, { recursive: true, mode });
      return;
    }
    if (type !== '0') throw new Error(`template entry of an unexpected type ${type}: ${name}`);
    mkdirSync(dirname(path), { recursive: true });
    padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (parts.length === 1 && parts[0] === MARKER) {
      marker = { path, mode, data: [] };
      current = { fd: undefined, left: size, marker: marker.data };
    } else {
      current = { fd: openSync(path, 'w', mode), left: size, marker: undefined };
    }
    if (size === 0) finish();
  };
  const finish = () => {
    if (current?.fd !== undefined) closeSync(current.fd);
    current = undefined;
  };

  try {
    for await (const chunk of createReadStream(file).pipe(
      createGunzip(),
    ) as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length && !ended) {
        if (current) {
          const piece = chunk.subarray(offset, offset + current.left);
          if (current.marker) current.marker.push(Buffer.from(piece));
          else if (current.fd !== undefined) writeSync(current.fd, piece);
          current.left -= piece.length;
          offset += piece.length;
          if (current.left === 0) finish();
        } else if (padding > 0) {
          const skipped = Math.min(padding, chunk.length - offset);
          padding -= skipped;
          offset += skipped;
        } else {
          const taken = chunk.subarray(offset, offset + BLOCK - header.length);
          header = Buffer.concat([header, taken]);
          offset += taken.length;
          if (header.length < BLOCK) continue;
          const block = header;
          header = Buffer.alloc(0);
          if (block.every((byte) => byte === 0)) ended = true;
          else open(block);
        }
      }
    }
  } finally {
    finish();
  }
  if (!marker) throw new Error(`the template ${file} holds no ${MARKER}`);
  writeFileSync(marker.path, Buffer.concat(marker.data), { mode: marker.mode });
}
