import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { connectPostgres, openPglite, type Database, type Db } from '../../src/db/client.js';
import { ensureOrganization } from '../../src/services/organization/ensure-organization.js';
import { SCHEMA_TABLES, type ArchivedTable } from '../../src/services/backup/tables.js';
import { unlockVault } from '../../src/services/vault/keyring.js';
import { testConfig } from '../helpers/test-app.js';
import type { Engine } from '../helpers/test-database.js';

// Backups need several databases at once (the original and the restored one), on either
// engine whatever the test project: these are made here rather than by createTestContext.

/** A new database with nothing in it, not even the schema: what a restore is pointed at. */
export async function emptyDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') return openPglite(undefined);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `guildhall_backup_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      await asAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function asAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface Portal {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** Starts Guildhall on the database as main.ts does: migrations, the vault key check, the app. */
export async function openPortal(database: Database, vaultKey: Buffer): Promise<Portal> {
  await database.migrate();
  const vault = await unlockVault(database.db, vaultKey);
  await ensureOrganization({ db: database.db });
  const config = testConfig();
  const app = await buildApp({
    config,
    database,
    vault,
    logger: false,
    webRoot: '/nonexistent-web-root',
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A table's rows as PostgreSQL prints them, in primary-key order, times in UTC (each engine
 * prints times in its own session time zone): equal rows print equal, to the microsecond.
 */
export async function tableRows(db: Db, table: ArchivedTable): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const order = sql.join(
      table.primaryKey.map((column) => sql.identifier(column)),
      sql`, `,
    );
    const { rows } = (await tx.execute(
      sql`select to_jsonb(r)::text as row from ${table.table} r order by ${order}`,
    )) as unknown as { rows: { row: string }[] };
    return rows.map(({ row }) => row);
  });
}

/** How many rows each table of the schema holds (0 for a table not created yet). */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SCHEMA_TABLES) {
    const { rows } = (await db.execute(
      sql`select to_regclass(${`public."${getTableName(table)}"`}) is not null as found`,
    )) as unknown as { rows: { found: boolean }[] };
    if (!rows[0]?.found) {
      counts[getTableName(table)] = 0;
      continue;
    }
    const { rows: counted } = (await db.execute(
      sql`select count(*)::int as rows from ${table}`,
    )) as unknown as { rows: { rows: number }[] };
    counts[getTableName(table)] = counted[0]!.rows;
  }
  return counts;
}
