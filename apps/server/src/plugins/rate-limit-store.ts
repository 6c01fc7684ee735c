import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreInstance {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): StoreInstance;
}

/** Ended windows are deleted at most this often, by whichever instance counts. */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * A store for @fastify/rate-limit kept in the database, so that the limits hold across every
 * instance sharing it (decision 023). One upsert per counted
 * request: a fixed window per key, restarted when it has ended. The counters of clients that
 * went away are purged now and then, so the table holds only the windows still running.
 */
export function databaseRateLimitStore(
  db: Db,
  now: () => number = Date.now,
): new () => StoreInstance {
  let lastPurge = -Infinity;

  function purgeNowAndThen(): void {
    if (now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now();
    // Counting never waits for the purge; a failed one is simply tried again next time.
    db.execute(sql`delete from rate_limit_counters where window_ends_at <= now()`).catch(
      () => undefined,
    );
  }

  class DatabaseStore implements StoreInstance {
    incr(key: string, callback: Callback, timeWindow: number): void {
      purgeNowAndThen();
      db.execute(
        sql`insert into rate_limit_counters (key, count, window_ends_at)
            values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              count = case when rate_limit_counters.window_ends_at <= now() then 1
                           else rate_limit_counters.count + 1 end,
              window_ends_at = case when rate_limit_counters.window_ends_at <= now()
                                    then now() + ${timeWindow} * interval '1 millisecond'
                                    else rate_limit_counters.window_ends_at end
            returning count, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::int as ttl`,
      ).then(
        (result) => {
          const [row] = (result as unknown as { rows: { count: number; ttl: number }[] }).rows;
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): StoreInstance {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}
