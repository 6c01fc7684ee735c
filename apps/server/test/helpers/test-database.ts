import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectPostgres, openPglite, wrapPglite, type Database } from '../../src/db/client.js';

export type Engine = 'pglite' | 'postgres';

/** The engine this test project runs on (the vitest config runs the suite once per engine). */
export const engine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database of its own for one test file: in-memory PGlite, or a new
 * database on the PostgreSQL of TEST_DATABASE_URL, dropped when closed.
 */
export async function createTestDatabase(): Promise<Database> {
  if (engine === 'pglite') {
    // Starting PGlite costs seconds; loading a migrated copy costs a fraction of that.
    templateDump ??= migratedTemplate();
    return wrapPglite(await PGlite.create({ loadDataDir: await templateDump }));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `guildhall_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

let templateDump: Promise<Blob | File> | undefined;

async function migratedTemplate(): Promise<Blob | File> {
  const template = await openPglite(undefined);
  await template.migrate();
  const dump = await template.client.dumpDataDir('none');
  await template.close();
  return dump;
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
