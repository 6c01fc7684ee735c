import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  VAULT_KEY_NOTE,
  codeMigrationLevel,
  databaseMigrationLevel,
  sameLevel,
  type ArchiveHeader,
} from './archive-format.js';
import {
  ARCHIVED_TABLES,
  SKIPPED_TABLES,
  archivedTable,
  countRows,
  type ArchivedTable,
} from './tables.js';

/** Rows fetched from the cursor at a time: memory holds one batch, never a whole table. */
const BATCH_ROWS = 500;

export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

/**
 * Writes an archive of the database to `file`: every archived table read in one read-only
 * REPEATABLE READ transaction (one snapshot: the archive is consistent while servers write),
 * streamed through gzip to a temporary file of mode 0600, renamed over `file` once complete.
 */
export async function writeArchive(options: {
  database: Database;
  file: string;
}): Promise<ArchiveHeader> {
  const target = resolve(options.file);
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const header = await options.database.db.transaction(
      async (tx) => {
        const header = await readHeader(tx, options.database.engine);
        await pipeline(
          Readable.from(archiveLines(tx, header)),
          createGzip(),
          createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
        );
        return header;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // On disk before it takes the name: a crash never leaves a partial archive under it.
    const handle = await open(temporary, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    return header;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readHeader(tx: Db, engine: Database['engine']): Promise<ArchiveHeader> {
  const migration = await databaseMigrationLevel(tx);
  const expected = codeMigrationLevel();
  if (!migration) {
    throw new BackupRefusedError(
      'The database has no Guildhall schema yet (no migration applied): nothing to back up.',
    );
  }
  if (!sameLevel(migration, expected)) {
    throw new BackupRefusedError(
      `The database is at migration ${migration.tag}, this Guildhall at ` +
        `${expected.tag}: back it up with the Guildhall version that runs on it ` +
        '(starting a server migrates the database).',
    );
  }
  const tables = [];
  for (const { name, table } of ARCHIVED_TABLES) {
    tables.push({ name, rows: await countRows(tx, table) });
  }
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: new Date().toISOString(),
    engine,
    migration: expected,
    tables,
    skipped: Object.entries(SKIPPED_TABLES).map(([name, reason]) => ({ name, reason })),
    vaultKey: VAULT_KEY_NOTE,
  };
}

async function* archiveLines(tx: Db, header: ArchiveHeader): AsyncGenerator<string> {
  yield `${JSON.stringify(header)}\n`;
  let total = 0;
  for (const { name, rows } of header.tables) {
    const archived = archivedTable(name);
    yield `${JSON.stringify({ table: archived.name, rows })}\n`;
    let written = 0;
    for await (const batch of tableRows(tx, archived)) {
      written += batch.length;
      yield batch.map((row) => `${row}\n`).join('');
    }
    // Cannot differ inside one snapshot; checked so that a broken archive is never renamed.
    if (written !== rows) {
      throw new Error(`${archived.name}: ${written} rows read, ${rows} counted`);
    }
    total += written;
  }
  yield `${JSON.stringify({ end: ARCHIVE_FORMAT, rows: total })}\n`;
}

/** The table's rows as JSON text, in primary-key order, through a cursor. */
async function* tableRows(tx: Db, archived: ArchivedTable): AsyncGenerator<string[]> {
  const order =
    archived.primaryKey.length > 0
      ? sql` order by ${sql.join(
          archived.primaryKey.map((column) => sql.identifier(column)),
          sql`, `,
        )}`
      : sql``;
  await tx.execute(
    sql`declare archive_rows no scroll cursor for
        select to_jsonb(archived_row)::text as row from ${archived.table} as archived_row${order}`,
  );
  for (;;) {
    const { rows } = (await tx.execute(
      sql.raw(`fetch forward ${BATCH_ROWS} from archive_rows`),
    )) as unknown as { rows: { row: string }[] };
    if (rows.length === 0) break;
    yield rows.map(({ row }) => row);
  }
  await tx.execute(sql`close archive_rows`);
}
