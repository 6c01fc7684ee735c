import { randomBytes } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { inject } from 'vitest';
import { connectPostgres, openPglite, type Database } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { withAdmin } from './global-setup.js';

export type Engine = 'pglite' | 'postgres';

/** The engine this test project runs on (the vitest config runs the suite once per engine). */
export const engine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * An empty, migrated database: on PGlite the test file's in-memory instance, emptied (so a test
 * file uses one context at a time); on PostgreSQL a new database of TEST_DATABASE_URL's server,
 * dropped when closed. Both start from the database the project's global setup migrated
 * (`global-setup.ts`); migrating again only confirms there is nothing left to apply.
 */
export async function createTestDatabase(): Promise<Database> {
  if (engine === 'pglite') {
    // Starting PGlite costs seconds: a test file keeps one and empties it for each context.
    shared ??= openPglite(undefined, inject('migratedPglite')).then(async (database) => {
      await database.migrate();
      return database;
    });
    const database = await shared;
    await emptyAllTables(database);
    return { ...database, close: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `guildhall_test_${randomBytes(6).toString('hex')}`;
  const template = inject('migratedPostgres');
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

let shared: Promise<Database> | undefined;

const tableNames = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`)
  .join(', ');

async function emptyAllTables(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${tableNames} cascade`));
}
