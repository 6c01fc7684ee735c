import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';

/**
 * Tables a backup leaves out, and why: what they hold is rebuilt or worthless after a restore.
 * Every other table of the schema is archived, so a new table is archived unless it is listed
 * here (tables.test.ts fails for a new table whose name says it is a cache or a counter).
 */
export const SKIPPED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'sign-ins: a restore signs everyone out, and each member signs in again',
  oauth_states: 'sign-ins and account links in flight, valid for a few minutes',
  riot_cache: 'answers of the Riot API, asked again when needed',
  rate_limit_counters: 'rate-limit counters, which start again from zero',
  riot_rate_limit_slots: "places taken in Riot's rate-limit windows, which last minutes",
  jobs: "background jobs' leases and last runs: every job is due again after a restore",
};

export interface ArchivedTable {
  name: string;
  table: PgTable;
  /** Columns of the primary key: rows are archived in its order. */
  primaryKey: string[];
  /** Tables whose rows this one's foreign keys reference. */
  references: string[];
}

/** Every table of the drizzle schema, in the order the schema declares them. */
export const SCHEMA_TABLES: readonly PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
);

function describeTable(table: PgTable): ArchivedTable {
  const config = getTableConfig(table);
  const primaryKey = [
    ...config.columns.filter((column) => column.primary).map((column) => column.name),
    ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
  ];
  const references = config.foreignKeys
    .map((key) => getTableName(key.reference().foreignTable))
    .filter((name) => name !== config.name);
  return { name: config.name, table, primaryKey, references: [...new Set(references)] };
}

/**
 * The schema's tables minus the skipped ones, referenced tables first: the order a restore
 * inserts them in (foreign keys are checked row by row).
 */
export function archivedTables(
  tables: readonly PgTable[] = SCHEMA_TABLES,
  skipped: Readonly<Record<string, string>> = SKIPPED_TABLES,
): ArchivedTable[] {
  const pending = tables.map(describeTable).filter((table) => !(table.name in skipped));
  const ordered: ArchivedTable[] = [];
  while (pending.length > 0) {
    const next = pending.findIndex((table) =>
      table.references.every(
        (name) => !pending.some((other) => other !== table && other.name === name),
      ),
    );
    if (next === -1) {
      throw new Error(
        `Foreign keys between ${pending.map((table) => table.name).join(', ')} form a cycle`,
      );
    }
    ordered.push(...pending.splice(next, 1));
  }
  return ordered;
}

export const ARCHIVED_TABLES: readonly ArchivedTable[] = archivedTables();

export function archivedTable(name: string): ArchivedTable {
  const found = ARCHIVED_TABLES.find((table) => table.name === name);
  if (!found) throw new Error(`${name} is not an archived table`);
  return found;
}

export async function countRows(db: Db, table: PgTable): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as rows from ${table}`,
  )) as unknown as { rows: { rows: number }[] };
  return theRow(rows).rows;
}
