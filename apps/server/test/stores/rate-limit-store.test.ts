import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { databaseRateLimitStore } from '../../src/plugins/rate-limit-store.js';
import { createTestDatabase } from '../helpers/test-database.js';

// The rate-limit counters every instance on PostgreSQL shares.

const counters = async (database: Database) =>
  (
    (await database.db.execute(
      sql`select key, count from rate_limit_counters order by key`,
    )) as unknown as {
      rows: { key: string; count: number }[];
    }
  ).rows.map((row) => [row.key, Number(row.count)]);

function incr(store: ReturnType<typeof databaseRateLimitStore>, key: string, windowMs = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    new store().incr(
      key,
      (error, result) =>
        error || !result ? reject(error ?? new Error('no result')) : resolve(result),
      windowMs,
      10,
    ),
  );
}

describe('the rate-limit counters in the database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts a key within its window and starts again when the window has ended', async () => {
    const store = databaseRateLimitStore(database.db);
    expect((await incr(store, 'write:203.0.113.7')).current).toBe(1);
    expect((await incr(store, 'write:203.0.113.7')).current).toBe(2);
    await database.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second'`,
    );
    const restarted = await incr(store, 'write:203.0.113.7');
    expect(restarted.current).toBe(1);
    expect(restarted.ttl).toBeGreaterThan(0);
  });

  it('forgets the counters of clients whose window has ended, and keeps the running ones', async () => {
    await database.db.execute(sql`delete from rate_limit_counters`);
    await database.db.execute(
      sql`insert into rate_limit_counters (key, count, window_ends_at) values
            ('auth:198.51.100.1', 3, now() - interval '1 hour'),
            ('auth:198.51.100.2', 5, now() + interval '1 hour')`,
    );
    let clock = 0;
    const store = databaseRateLimitStore(database.db, () => clock);
    await incr(store, 'auth:198.51.100.3');
    await expect
      .poll(() => counters(database))
      .toEqual([
        ['auth:198.51.100.2', 5],
        ['auth:198.51.100.3', 1],
      ]);

    // Not at every request: the next purge waits its turn.
    await database.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second'
          where key = 'auth:198.51.100.2'`,
    );
    clock += 60_000;
    await incr(store, 'auth:198.51.100.3');
    expect(await counters(database)).toEqual([
      ['auth:198.51.100.2', 5],
      ['auth:198.51.100.3', 2],
    ]);
    clock += 10 * 60_000;
    await incr(store, 'auth:198.51.100.3');
    await expect.poll(() => counters(database)).toEqual([['auth:198.51.100.3', 3]]);
  });
});
