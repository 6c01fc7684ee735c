// A backup archive is gzip'd JSON lines:
//
//   {"format":"guildhall-backup","version":1,"createdAt":...,"migration":...,"tables":[...],...}
//   {"table":"users","rows":2}                  one section per archived table, in insert order,
//   {"id": "...", "pseudo": "...", ...}         then its rows, each PostgreSQL's to_jsonb(row)
//   {"id": "...", "pseudo": "...", ...}
//   {"table":"sessions"...}                     (and so on)
//   {"end":"guildhall-backup","rows":123}
//
// Rows are encoded and decoded by PostgreSQL itself (to_jsonb, jsonb_populate_recordset), the
// same on PGlite and PostgreSQL: timestamps keep their microseconds and offset, bytea is hex,
// bigints are never rounded by JavaScript (row lines are never parsed in JavaScript).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';

export const ARCHIVE_FORMAT = 'guildhall-backup';
export const ARCHIVE_VERSION = 1;

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

const migrationLevelSchema = z.object({
  /** The file name of the migration, e.g. `0007_audit_sequence`. */
  tag: z.string(),
  /** Its timestamp in drizzle's journal: what drizzle records as applied. */
  when: z.number().int(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

const rowCount = z.number().int().min(0);

export const archiveHeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  engine: z.enum(['pglite', 'postgres']),
  migration: migrationLevelSchema,
  tables: z.array(z.object({ name: z.string(), rows: rowCount })),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  vaultKey: z.string(),
});
export type ArchiveHeader = z.infer<typeof archiveHeaderSchema>;

export const sectionSchema = z.object({ table: z.string(), rows: rowCount });
export const endSchema = z.object({ end: z.literal(ARCHIVE_FORMAT), rows: rowCount });

export const VAULT_KEY_NOTE =
  'VAULT_KEY is not in this archive: the vault entries in it cannot be read without it.';

const journalUrl = new URL('../../../drizzle/meta/_journal.json', import.meta.url);
const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number().int() })).min(1),
});

/** Every migration this Guildhall ships, oldest first. */
function journal(): MigrationLevel[] {
  return journalSchema.parse(JSON.parse(readFileSync(journalUrl, 'utf8'))).entries;
}

/** The schema this Guildhall's code expects: its last migration. */
export function codeMigrationLevel(): MigrationLevel {
  const last = journal().at(-1);
  if (!last) throw new Error('The migrations journal lists no migration');
  return last;
}

/** The last migration drizzle applied to the database, or undefined before the first. */
export async function databaseMigrationLevel(db: Db): Promise<MigrationLevel | undefined> {
  const { rows: found } = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  )) as unknown as { rows: { found: boolean }[] };
  if (!found[0]?.found) return undefined;
  const { rows } = (await db.execute(
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations
        order by created_at desc limit 1`,
  )) as unknown as { rows: { when: string }[] };
  if (!rows[0]) return undefined;
  const when = Number(rows[0].when);
  const known = journal().find((migration) => migration.when === when);
  return { tag: known?.tag ?? `unknown to this Guildhall (${when})`, when };
}

export const sameLevel = (a: MigrationLevel | undefined, b: MigrationLevel) =>
  a !== undefined && a.when === b.when && a.tag === b.tag;

/**
 * The lines of a stream, split on \n (a byte UTF-8 never uses inside a character). A long line
 * (the logo) arrives in many chunks: they are joined once, when its end comes.
 */
export async function* readLines(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pieces: Buffer[] = [];
  for await (const chunk of source) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      pieces.push(chunk.subarray(start, end));
      yield Buffer.concat(pieces).toString('utf8');
      pieces = [];
      start = end + 1;
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  }
  if (pieces.length > 0) throw new ArchiveError('The archive ends in the middle of a line');
}

/** Parses one line of the archive's structure (not a row), or says where the archive is wrong. */
export function parseLine<T>(line: string | undefined, schema: z.ZodType<T>, expected: string): T {
  if (line === undefined) throw new ArchiveError(`The archive ends before ${expected}`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ArchiveError(`The archive holds a damaged line where ${expected} should be`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ArchiveError(`The archive does not hold ${expected} where it should`);
  return parsed.data;
}
