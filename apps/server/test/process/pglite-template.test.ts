import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { writePgliteTemplate } from '../../src/db/pglite-template.js';
import { tempFolders } from '../helpers/temp-folders.js';

// A first start of the embedded database copies the empty cluster the build made instead of
// running initdb (src/db/pglite-template.ts): half the memory, so that it fits a small container.

const dataDir = tempFolders('template');

/** A template that holds a table of its own, to tell a copy of it from a fresh initdb. */
async function markedTemplate(file: string): Promise<void> {
  const cluster = await PGlite.create();
  await cluster.exec("create table marker (origin text); insert into marker values ('template')");
  writeFileSync(file, Buffer.from(await (await cluster.dumpDataDir('gzip')).arrayBuffer()));
  await cluster.close();
}

const markers = async (database: Awaited<ReturnType<typeof openPglite>>) =>
  (await database.client.query<{ origin: string }>('select origin from marker')).rows;

describe('the embedded database on its first start', () => {
  it('starts an empty folder from the template, then keeps its own data without it', async () => {
    const folder = dataDir();
    const template = join(folder, 'template.tar.gz');
    await markedTemplate(template);

    const first = await openPglite(folder, template);
    expect(await markers(first)).toEqual([{ origin: 'template' }]);
    await first.client.exec("insert into marker values ('first start')");
    await first.close();

    rmSync(template);
    const again = await openPglite(folder, template);
    expect(await markers(again)).toEqual([{ origin: 'template' }, { origin: 'first start' }]);
    await again.close();
  });

  it('never copies the template over a folder that already holds a database', async () => {
    const folder = dataDir();
    const template = join(folder, 'template.tar.gz');
    await (await openPglite(folder, template)).close();
    await markedTemplate(template);
    const reopened = await openPglite(folder, template);
    await expect(markers(reopened)).rejects.toThrow(/marker/);
    await reopened.close();
  });

  it('makes from the build a template on which the migrations run', async () => {
    const folder = dataDir();
    const template = join(folder, 'template.tar.gz');
    await writePgliteTemplate(template);
    const database = await openPglite(folder, template);
    await database.migrate();
    const tables = await database.client.query<{ count: number }>(
      "select count(*)::int as count from pg_tables where schemaname = 'public'",
    );
    expect(tables.rows[0]?.count).toBeGreaterThan(5);
    await database.close();
  });
});
