import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty database cluster, made by the server's build with the PGlite it ships with. A first
 * start copies it instead of running initdb, which needs a second PostgreSQL beside the first:
 * 350 MB at most instead of 790 MB, so that a container limited to 512 MB starts on an empty
 * volume (decision 033). Without it (the tests run the sources), initdb runs.
 */
export const PGLITE_TEMPLATE = fileURLToPath(
  new URL('../../pglite-template.tar.gz', import.meta.url),
);

/** Runs initdb once, in memory, and writes the cluster to `file` (a gzip'd tar). */
export async function writePgliteTemplate(file: string): Promise<void> {
  const cluster = await PGlite.create();
  try {
    const archive = await cluster.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await cluster.close();
  }
}
