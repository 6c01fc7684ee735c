import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { databaseRiotCache } from '../../src/integrations/riot/cache.js';
import { createTestDatabase } from '../helpers/test-database.js';

// The cache every instance shares, on the engine of the project.

describe('the Riot cache in the database', () => {
  let database: Database;
  let clock = Date.parse('2026-11-21T12:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives each of many reads asked at once its own body, and nothing for a missing or expired key', async () => {
    const cache = databaseRiotCache(database.db, now);
    const keys = Array.from({ length: 60 }, (_, index) => `v1:europe/match/EUW1_${index}`);
    for (const [index, key] of keys.entries()) {
      await cache.write(key, { matchId: key, index }, index % 3 === 0 ? 60_000 : null);
    }
    clock += 120_000; // every third entry has expired

    const asked = [...keys, 'v1:europe/match/EUW1_missing', keys[1] as string];
    const bodies = await Promise.all(asked.map((key) => cache.read(key)));

    expect(bodies.slice(0, keys.length)).toEqual(
      keys.map((key, index) => (index % 3 === 0 ? undefined : { matchId: key, index })),
    );
    expect(bodies.at(-2)).toBeUndefined();
    expect(bodies.at(-1)).toEqual({ matchId: keys[1], index: 1 });
  });

  it('answers reads asked one after the other, and a later write is read back', async () => {
    const cache = databaseRiotCache(database.db, now);
    await cache.write('v1:euw1/rank/a', { tier: 'GOLD' }, null);
    expect(await cache.read('v1:euw1/rank/a')).toEqual({ tier: 'GOLD' });
    await cache.write('v1:euw1/rank/a', { tier: 'PLATINUM' }, null);
    expect(await cache.read('v1:euw1/rank/a')).toEqual({ tier: 'PLATINUM' });
  });
});
