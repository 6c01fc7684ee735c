import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { migratePgliteCluster, openPglite } from '../../src/db/client.js';
import { tempFolders } from '../helpers/temp-folders.js';

// A first start of the embedded database unpacks the migrated cluster the build made instead of
// running initdb and the migrations (src/db/pglite-template.ts): a lighter start, which fits a
// small container. The templates here are the suite's migrated cluster: initdb takes seconds.

const dataDir = tempFolders('template');

const tables = async (database: Awaited<ReturnType<typeof openPglite>>) =>
  (
    await database.client.query<{ name: string }>(
      "select tablename as name from pg_tables where tablename like 'mine%' order by 1",
    )
  ).rows.map((row) => row.name);

const applied = async (database: Awaited<ReturnType<typeof openPglite>>) =>
  (
    await database.client.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    )
  ).rows[0]?.count;

/**
 * The server's migrations and one newer, which the suite's template (a build's) does not hold:
 * what a data folder started by an older version meets after an upgrade.
 */
function withANewerMigration(folder: string): { migrations: string; count: number } {
  const migrations = join(folder, 'drizzle');
  cpSync(fileURLToPath(new URL('../../drizzle', import.meta.url)), migrations, {
    recursive: true,
  });
  const journalFile = join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations');
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_newer' });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(join(migrations, '9999_newer.sql'), 'create table newer (id int);');
  return { migrations, count: journal.entries.length };
}

describe('the embedded database on its first start', () => {
  it('starts an empty folder from the template, then keeps its own data without it', async () => {
    const folder = dataDir();
    const template = join(folder, 'template.tar.gz');
    cpSync(inject('migratedPglite'), template);
    const { count } = withANewerMigration(folder);

    const first = await openPglite(folder, template);
    // A copy of the template, not a fresh cluster: its migrations are there.
    expect(await applied(first)).toBe(count - 1);
    await first.client.exec('create table mine (id int)');
    await first.close();

    rmSync(template);
    const again = await openPglite(folder, template);
    expect(await tables(again)).toEqual(['mine']);
    await again.close();
  });

  it('never unpacks the template over a folder that already holds a database', async () => {
    const folder = dataDir();
    const first = await openPglite(folder, inject('migratedPglite'));
    await first.client.exec('create table mine_too (id int)');
    await first.close();
    const reopened = await openPglite(folder, inject('migratedPglite'));
    expect(await tables(reopened)).toEqual(['mine_too']);
    await reopened.close();
  });

  it('from a migrated template, applies only the migrations newer than it', async () => {
    const folder = dataDir();
    const template = inject('migratedPglite');
    const { migrations, count } = withANewerMigration(folder);

    const first = await openPglite(folder, template);
    expect(await applied(first)).toBe(count - 1);
    // Applying an older migration again would fail: the tables it creates are there.
    await migratePgliteCluster(first.client, migrations);
    expect(await applied(first)).toBe(count);
    await first.close();

    const again = await openPglite(folder, template);
    await migratePgliteCluster(again.client, migrations);
    expect(await applied(again)).toBe(count);
    expect((await again.client.query('select * from newer')).rows).toEqual([]);
    await again.close();
  });
});
