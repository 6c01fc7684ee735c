import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock.js';
import { LOCKS, withSessionLock } from './locks.js';
import { PGLITE_TEMPLATE, unpackPgliteTemplate } from './pglite-template.js';
import { baselineWasmOnly } from './pglite-wasm.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export function connectPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // A client that loses its connection must not crash the process: the pool reports it when
  // the client is idle, and the client itself while checked out (inside a transaction), when
  // nobody else listens. Its statements fail (503) and the pool drops it on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await withSessionLock(client, LOCKS.migrations, () =>
          migratePg(drizzlePg(client, { schema }), { migrationsFolder }),
        );
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite in `dataDir`, or in memory when dataDir is undefined (tests). A new folder, or a
 * database in memory, starts from `template` when there is one: the migrated cluster the build
 * writes, or the tests' own.
 */
export async function openPglite(
  dataDir: string | undefined,
  template = PGLITE_TEMPLATE,
): Promise<Database & { client: PGlite }> {
  // PostgreSQL's default of 128 MB of shared buffers made a third of the process's memory; an
  // organisation's data fits in far less, and pages past it are read back from the data folder.
  baselineWasmOnly();
  const options = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };
  if (!dataDir) {
    const fromTemplate = existsSync(template)
      ? { loadDataDir: new Blob([readFileSync(template)]) }
      : {};
    return wrapPglite(await PGlite.create({ ...options, ...fromTemplate }));
  }
  const folder = resolve(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const release = lockDataFolder(folder);
  try {
    const initialised = existsSync(join(folder, 'PG_VERSION'));
    if (!initialised && existsSync(template)) await unpackPgliteTemplate(template, folder);
    const database = wrapPglite(await PGlite.create(folder, options));
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** How long statements may run back to back before the event loop gets its turn. */
const PGLITE_SLICE_MS = 5;

/**
 * PGlite runs each statement synchronously on the event loop, and the end of one started the next
 * in line within the same turn, so that a turn lasted as long as the whole queue. Node accepts one
 * new connection per turn: under load, connections waited seconds to be accepted. Here statements
 * run in order, and every few milliseconds the loop gets a turn to take connections and requests.
 */
function sharingTheEventLoop(client: PGlite): PGlite {
  let previous: Promise<unknown> = Promise.resolve();
  let sliceStarted = performance.now();
  const run = async (args: Parameters<PGlite['query']>) => {
    if (performance.now() - sliceStarted > PGLITE_SLICE_MS) {
      await setImmediate();
      sliceStarted = performance.now();
    }
    return client.query(...args);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (...args: Parameters<PGlite['query']>) => {
          const statement = previous.then(() => run(args));
          previous = statement.catch(() => undefined);
          return statement;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Applies to a PGlite cluster the migrations of `folder` it does not hold yet: the server's at
 * start, and the build's template gets them all (db/pglite-template.ts).
 */
export async function migratePgliteCluster(client: PGlite, folder = migrationsFolder) {
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
}

export function wrapPglite(client: PGlite): Database & { client: PGlite } {
  const db = drizzlePglite(sharingTheEventLoop(client), { schema }) as unknown as Db;
  return {
    client,
    db,
    engine: 'pglite',
    migrate: () => migratePgliteCluster(client),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl ? connectPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
