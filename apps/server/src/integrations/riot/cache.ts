import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { riotCache } from '../../db/schema.js';

/** Riot's answers, kept so that a repeat view costs no call. */
export interface RiotCache {
  /** The stored body, or undefined when missing or expired. */
  read(key: string): Promise<unknown>;
  /** `ttlMs` null keeps it for ever. */
  write(key: string, body: unknown, ttlMs: number | null): Promise<void>;
}

/** Expired rows are deleted at most this often, by whichever instance writes. */
const PURGE_EVERY_MS = 10 * 60_000;

/** The riot_cache table: shared by every instance of Guildhall. */
export function databaseRiotCache(db: Db, now: () => number = Date.now): RiotCache {
  let lastPurge = 0;
  return {
    async read(key) {
      const [row] = await db
        .select({ body: riotCache.body })
        .from(riotCache)
        .where(
          and(
            eq(riotCache.key, key),
            or(isNull(riotCache.expiresAt), gt(riotCache.expiresAt, new Date(now()))),
          ),
        )
        .limit(1);
      return row?.body;
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
