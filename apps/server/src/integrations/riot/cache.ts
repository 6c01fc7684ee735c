import { and, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { riotCache } from '../../db/schema.js';

/** Riot's answers, kept so that a repeat view costs no call. */
export interface RiotCache {
  /** The stored body, or undefined when missing or expired. */
  read(key: string): Promise<unknown>;
  /** `ttlMs` null keeps it for ever. */
  write(key: string, body: unknown, ttlMs: number | null): Promise<void>;
}

interface Reader {
  resolve(body: unknown): void;
  reject(error: unknown): void;
}

/** Expired rows are deleted at most this often, by whichever instance writes. */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The riot_cache table: shared by every instance of Guildhall. Reads asked in the same turn of
 * the event loop (a history page asks for all its matches at once) are served by one query.
 */
export function databaseRiotCache(db: Db, now: () => number = Date.now): RiotCache {
  let lastPurge = 0;
  let batch: Map<string, Reader[]> | undefined;

  async function readBatch(keys: Map<string, Reader[]>): Promise<void> {
    try {
      const rows = await db
        .select({ key: riotCache.key, body: riotCache.body })
        .from(riotCache)
        .where(
          and(
            inArray(riotCache.key, [...keys.keys()]),
            or(isNull(riotCache.expiresAt), gt(riotCache.expiresAt, new Date(now()))),
          ),
        );
      const bodies = new Map(rows.map((row) => [row.key, row.body]));
      for (const [key, readers] of keys) {
        for (const reader of readers) reader.resolve(bodies.get(key));
      }
    } catch (error) {
      for (const readers of keys.values()) for (const reader of readers) reader.reject(error);
    }
  }

  function nextBatch(): Map<string, Reader[]> {
    if (batch) return batch;
    const keys = new Map<string, Reader[]>();
    batch = keys;
    setImmediate(() => {
      batch = undefined;
      void readBatch(keys);
    });
    return keys;
  }

  return {
    read(key) {
      const keys = nextBatch();
      return new Promise((resolve, reject) => {
        keys.set(key, [...(keys.get(key) ?? []), { resolve, reject }]);
      });
    },
    async write(key, body, ttlMs) {
      const expiresAt = ttlMs === null ? null : new Date(now() + ttlMs);
      await db
        .insert(riotCache)
        .values({ key, body, expiresAt })
        .onConflictDoUpdate({ target: riotCache.key, set: { body, expiresAt } });
      if (now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now();
        await db.delete(riotCache).where(lt(riotCache.expiresAt, new Date(now())));
      }
    },
  };
}

/** An in-memory cache with the same rules, for unit tests. */
export function memoryRiotCache(now: () => number = Date.now): RiotCache & {
  entries: Map<string, { body: unknown; expiresAt: number | null }>;
} {
  const entries = new Map<string, { body: unknown; expiresAt: number | null }>();
  return {
    entries,
    read: async (key) => {
      const entry = entries.get(key);
      return entry && (entry.expiresAt === null || entry.expiresAt > now())
        ? entry.body
        : undefined;
    },
    write: async (key, body, ttlMs) => {
      entries.set(key, { body, expiresAt: ttlMs === null ? null : now() + ttlMs });
    },
  };
}
