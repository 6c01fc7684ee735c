import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { vaultKeys } from '../../db/schema.js';
import { VaultKeyError, unlockVault } from '../vault/keyring.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  archiveHeaderSchema,
  codeMigrationLevel,
  databaseMigrationLevel,
  endSchema,
  parseLine,
  readLines,
  sameLevel,
  sectionSchema,
  type ArchiveHeader,
} from './archive-format.js';
import {
  ARCHIVED_TABLES,
  SCHEMA_TABLES,
  archivedTable,
  countRows,
  type ArchivedTable,
} from './tables.js';

/** Rows per insert, unless they weigh more than BATCH_BYTES first (the logo weighs megabytes). */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

/** A restore that did not start: the database was left as it was. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/**
 * What the restored vault says of the key the server will start with: `matches` (the start-up
 * check passes), `differs` (the server would refuse to start), `not-checked` (no key given), or
 * `no-vault-key` (the archive's vault never had a key: the server adopts its own at start).
 */
export type VaultKeyCheck = 'matches' | 'differs' | 'not-checked' | 'no-vault-key';

/**
 * Restores an archive into an empty database: migrates it, then inserts every row in one
 * transaction (a damaged archive, or counts that do not match its header, restore nothing) and
 * moves the sequences past the restored values.
 */
export async function restoreArchive(options: {
  database: Database;
  file: string;
  vaultKey?: Buffer;
}): Promise<{ header: ArchiveHeader; vaultKey: VaultKeyCheck }> {
  const { database, file } = options;
  const header = await readArchiveHeader(file);
  await refuseUnlessEmpty(database.db);
  await database.migrate();
  const level = await databaseMigrationLevel(database.db);
  if (!sameLevel(level, header.migration)) {
    throw new RestoreRefusedError(
      `The database is at migration ${level?.tag ?? '(none)'}, newer than this Guildhall ` +
        `(${header.migration.tag}): restore with the Guildhall version that runs on it.`,
    );
  }
  await database.db.transaction(async (tx) => {
    // No server may write meanwhile (one starting now would create the organisation row).
    await tx.execute(
      sql`lock table ${sql.join([...SCHEMA_TABLES], sql`, `)} in access exclusive mode`,
    );
    await refuseUnlessEmpty(tx);
    let inserting: Promise<void> | undefined;
    await pipeline(createReadStream(file), createGunzip(), (source: AsyncIterable<Buffer>) => {
      inserting = insertRows(tx, header, source);
      return inserting;
    }).catch(async (error: unknown) => {
      // A damaged stream fails the pipeline while rows already read may still be going in: they
      // must go in before the rollback, never after it, outside the transaction.
      await inserting?.catch(() => undefined);
      if ((error as { code?: unknown }).code?.toString().startsWith('Z_')) {
        throw new ArchiveError(`The archive is damaged: ${(error as Error).message}`);
      }
      throw error;
    });
    await verifyCounts(tx, header);
    await resetSequences(tx);
  });
  return { header, vaultKey: await checkVaultKey(database.db, options.vaultKey) };
}

/** The header of the archive, if this Guildhall can restore it; nothing else is read. */
export async function readArchiveHeader(file: string): Promise<ArchiveHeader> {
  let first: string | undefined;
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  try {
    for await (const line of readLines(input.pipe(gunzip))) {
      first = line;
      break;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code?.toString() ?? '';
    if (code === 'ENOENT') throw new RestoreRefusedError(`No file ${file}`);
    if (code.startsWith('Z_') || error instanceof ArchiveError) {
      throw new RestoreRefusedError(`${file} is not a Guildhall backup (not gzip'd JSON lines)`);
    }
    throw error;
  } finally {
    input.destroy();
  }
  const candidate = (() => {
    try {
      return JSON.parse(first ?? '') as { format?: unknown; version?: unknown };
    } catch {
      return undefined;
    }
  })();
  if (candidate?.format !== ARCHIVE_FORMAT) {
    throw new RestoreRefusedError(`${file} is not a Guildhall backup`);
  }
  if (candidate.version !== ARCHIVE_VERSION) {
    throw new RestoreRefusedError(
      `${file} is a backup of format version ${String(candidate.version)}; ` +
        `this Guildhall restores version ${ARCHIVE_VERSION}`,
    );
  }
  const header = parseLine(first, archiveHeaderSchema, 'its header');
  const expected = codeMigrationLevel();
  if (!sameLevel(header.migration, expected)) {
    throw new RestoreRefusedError(
      `The backup was made at migration ${header.migration.tag}, this Guildhall is at ` +
        `${expected.tag}: restore it with the Guildhall version that made it, then upgrade.`,
    );
  }
  const archived = header.tables.map((table) => table.name).join(', ');
  const expectedTables = ARCHIVED_TABLES.map((table) => table.name).join(', ');
  if (archived !== expectedTables) {
    throw new RestoreRefusedError(
      `The backup holds the tables ${archived}; this Guildhall restores ${expectedTables}`,
    );
  }
  return header;
}

/** Refuses when any table holds a row: a restore never merges into, nor replaces, data. */
async function refuseUnlessEmpty(db: Db): Promise<void> {
  const { rows: tables } = (await db.execute(
    sql`select format('%I', table_name) as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const filled: string[] = [];
  for (const { name } of tables) {
    const { rows } = (await db.execute(
      sql`select exists (select 1 from ${sql.raw(name)}) as filled`,
    )) as unknown as { rows: { filled: boolean }[] };
    if (rows[0]?.filled) filled.push(name);
  }
  if (filled.length > 0) {
    throw new RestoreRefusedError(
      `The database already holds data (${filled.join(', ')}): nothing was restored. Restore ` +
        'into a new, empty database (createdb, or an empty DATA_DIR) on which no server has started.',
    );
  }
}

async function insertRows(
  tx: Db,
  header: ArchiveHeader,
  source: AsyncIterable<Buffer>,
): Promise<void> {
  const lines = readLines(source);
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? undefined : value;
  };
  // The header was read in a first pass: the file must not have changed since.
  const first = parseLine(await next(), archiveHeaderSchema, 'its header');
  if (JSON.stringify(first) !== JSON.stringify(header)) {
    throw new ArchiveError('The archive changed while it was being restored');
  }
  let total = 0;
  for (const { name, rows } of header.tables) {
    const archived = archivedTable(name);
    const section = parseLine(await next(), sectionSchema, `the section of ${archived.name}`);
    if (section.table !== archived.name || section.rows !== rows) {
      throw new ArchiveError(`The archive's section of ${archived.name} does not match its header`);
    }
    let batch: string[] = [];
    let bytes = 0;
    for (let count = 0; count < rows; count++) {
      const row = await next();
      if (row === undefined || !row.startsWith('{')) {
        throw new ArchiveError(`The archive holds fewer rows of ${archived.name} than it says`);
      }
      batch.push(row);
      bytes += row.length;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
        await insertBatch(tx, archived, batch);
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length > 0) await insertBatch(tx, archived, batch);
    total += rows;
  }
  const end = parseLine(await next(), endSchema, 'its last line');
  if (end.rows !== total) throw new ArchiveError('The archive ends with another count of rows');
  if ((await next()) !== undefined) throw new ArchiveError('The archive goes on after its end');
}

/** PostgreSQL decodes the rows from JSON into the table's own types, as to_jsonb encoded them. */
async function insertBatch(tx: Db, archived: ArchivedTable, rows: string[]): Promise<void> {
  try {
    await tx.execute(
      sql`insert into ${archived.table} overriding system value
          select * from jsonb_populate_recordset(null::${archived.table}, ${`[${rows.join(',')}]`}::jsonb)`,
    );
  } catch (error) {
    // The driver's reason only: the failed statement would print the rows (members' data).
    const cause = (error as { cause?: { message?: string; code?: string } }).cause;
    const reason = cause?.message ?? 'refused';
    // Data exceptions and integrity violations (SQLSTATE classes 22, 23): rows that do not fit.
    if (/^2[23]/.test(cause?.code ?? '')) {
      throw new ArchiveError(
        `The archive's rows of ${archived.name} cannot be restored: ${reason}`,
      );
    }
    throw new Error(`Restoring the rows of ${archived.name} failed: ${reason}`, { cause: error });
  }
}

async function verifyCounts(tx: Db, header: ArchiveHeader): Promise<void> {
  for (const { name, rows } of header.tables) {
    const restored = await countRows(tx, archivedTable(name).table);
    if (restored !== rows) {
      throw new ArchiveError(`${name}: ${restored} rows restored, the archive says ${rows}`);
    }
  }
}

/** Identity and serial columns continue after the restored values, not from 1. */
async function resetSequences(tx: Db): Promise<void> {
  const names = ARCHIVED_TABLES.map((table) => table.name);
  const { rows } = (await tx.execute(
    sql`select format('%I', table_name) as "table", format('%I', column_name) as "column",
               pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public' and table_name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  )) as unknown as { rows: { table: string; column: string; sequence: string | null }[] };
  for (const { table, column, sequence } of rows) {
    if (sequence === null) continue;
    await tx.execute(
      sql`select setval(${sequence}::regclass, coalesce(max(${sql.raw(column)}), 1), max(${sql.raw(column)}) is not null)
          from ${sql.raw(table)}`,
    );
  }
}

async function checkVaultKey(db: Db, key: Buffer | undefined): Promise<VaultKeyCheck> {
  // With a key version recorded, unlockVault only reads: it is the server's start-up check.
  const [recorded] = await db.select({ version: vaultKeys.version }).from(vaultKeys).limit(1);
  if (!recorded) return 'no-vault-key';
  if (!key) return 'not-checked';
  try {
    await unlockVault(db, key);
    return 'matches';
  } catch (error) {
    if (error instanceof VaultKeyError) return 'differs';
    throw error;
  }
}
