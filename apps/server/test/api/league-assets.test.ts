import type { LeagueChampions } from '@guildhall/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leagueAssets, riotCache } from '../../src/db/schema.js';
import { FAKE_PNG, startFakeDataDragon, type FakeDataDragon } from '../fakes/fake-data-dragon.js';
import { buildMember } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let dragon: FakeDataDragon;
let ctx: TestContext;
let member: Client;

beforeAll(async () => {
  dragon = await startFakeDataDragon();
  ctx = await createTestContext(dragon.env());
  member = clientAs(ctx, await buildMember(ctx.db));
});
afterAll(async () => {
  await ctx.close();
  await dragon.close();
});

beforeEach(async () => {
  dragon.down = false;
  dragon.version = '15.12.1';
  dragon.requests = [];
  await ctx.db.delete(leagueAssets);
  await ctx.db.delete(riotCache).where(eq(riotCache.key, 'ddragon:champions:v1'));
});

/** As if the last look at versions.json were long ago. */
const forgetLastCheck = () =>
  ctx.db.execute(
    sql`update riot_cache set body = jsonb_set(body, '{checkedAt}', '0') where key = 'ddragon:champions:v1'`,
  );

describe('GET /api/league/champions', () => {
  it("gives each champion's display name in both languages, by key, and its picture's name", async () => {
    const response = await member.get('/api/league/champions');

    expect(response.statusCode).toBe(200);
    const body = response.json<LeagueChampions>();
    expect(body.version).toBe('15.12.1');
    expect(body.champions).toEqual(
      expect.arrayContaining([
        { key: 62, id: 'MonkeyKing', name: { fr: 'Wukong', en: 'Wukong' } },
        { key: 36, id: 'DrMundo', name: { fr: 'Dr. Mundo', en: 'Dr. Mundo' } },
        { key: 897, id: 'KSante', name: { fr: "K'Santé", en: "K'Sante" } },
      ]),
    );
  });

  it('keeps them: a second view asks Data Dragon nothing', async () => {
    await member.get('/api/league/champions');
    dragon.requests = [];

    const response = await member.get('/api/league/champions');

    expect(response.json<LeagueChampions>().champions).toHaveLength(4);
    expect(dragon.requests).toEqual([]);
  });

  it('reads champion.json again when Data Dragon has a new version', async () => {
    await member.get('/api/league/champions');
    dragon.version = '15.13.1';
    dragon.champions.push({ key: 999, id: 'Newcomer', name: { fr: 'Nouvelle', en: 'Newcomer' } });
    await forgetLastCheck();

    const body = (await member.get('/api/league/champions')).json<LeagueChampions>();

    dragon.champions.pop();
    expect(body.version).toBe('15.13.1');
    expect(body.champions).toContainEqual({
      key: 999,
      id: 'Newcomer',
      name: { fr: 'Nouvelle', en: 'Newcomer' },
    });
  });

  it('answers what it kept when Data Dragon is down, and an empty list when it never read it', async () => {
    await member.get('/api/league/champions');
    dragon.down = true;
    await forgetLastCheck();

    const kept = await member.get('/api/league/champions');
    await ctx.db.delete(riotCache).where(eq(riotCache.key, 'ddragon:champions:v1'));
    const never = await member.get('/api/league/champions');

    expect(kept.statusCode).toBe(200);
    expect(kept.json<LeagueChampions>().champions).toHaveLength(4);
    expect(never.statusCode).toBe(200);
    expect(never.json()).toEqual({ version: null, champions: [] });
  });

  it('is for members only', async () => {
    expect((await clientAs(ctx, 'anonymous').get('/api/league/champions')).statusCode).toBe(401);
  });
});

describe('GET /api/league/assets/...', () => {
  it("serves a champion's picture as PNG, cacheable, with an ETag", async () => {
    const response = await member.get('/api/league/assets/champion/MonkeyKing.png?v=15.12.1');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, max-age=604800');
    expect(response.rawPayload.equals(FAKE_PNG)).toBe(true);
    expect(dragon.requests).toContain('/cdn/15.12.1/img/champion/MonkeyKing.png');

    const again = await member.get('/api/league/assets/champion/MonkeyKing.png', {
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('fetches a picture once, then serves it from the database even with Data Dragon down', async () => {
    await member.get('/api/league/assets/item/3031.png');
    dragon.requests = [];
    dragon.down = true;

    const response = await member.get('/api/league/assets/item/3031.png');

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(FAKE_PNG)).toBe(true);
    expect(dragon.requests.filter((path) => path.includes('/img/'))).toEqual([]);
  });

  it('fetches the picture again under a new version', async () => {
    await member.get('/api/league/assets/champion/DrMundo.png');
    dragon.version = '15.13.1';
    await forgetLastCheck();

    await member.get('/api/league/assets/champion/DrMundo.png');

    expect(dragon.requests).toContain('/cdn/15.13.1/img/champion/DrMundo.png');
  });

  it('answers 503, not 500, for a picture never fetched while Data Dragon is down', async () => {
    dragon.down = true;

    const response = await member.get('/api/league/assets/champion/MonkeyKing.png');

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'riot_unavailable' } });
  });

  it('answers 404 for a champion champion.json does not list, without asking Data Dragon', async () => {
    await member.get('/api/league/champions');
    dragon.requests = [];

    const response = await member.get('/api/league/assets/champion/Nobody.png');

    expect(response.statusCode).toBe(404);
    expect(dragon.requests).toEqual([]);
  });

  it('answers 404 for an item Data Dragon does not have', async () => {
    const response = await member.get('/api/league/assets/item/999999.png');

    expect(response.statusCode).toBe(404);
    expect(await ctx.db.select().from(leagueAssets)).toEqual([]);
  });

  it.each([
    '/api/league/assets/champion/..%2F..%2Fapi%2Fversions.json',
    '/api/league/assets/champion/Monkey.King.png',
    '/api/league/assets/champion/MonkeyKing.svg',
    `/api/league/assets/champion/${'A'.repeat(41)}.png`,
    '/api/league/assets/item/30a1.png',
    '/api/league/assets/item/1234567.png',
    '/api/league/assets/item/3031.png?v=../15',
  ])('refuses %s with 400, asking Data Dragon nothing', async (url) => {
    const response = await member.get(url);

    expect(response.statusCode).toBe(400);
    expect(dragon.requests).toEqual([]);
  });

  it('is for members only', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/league/assets/item/3031.png');

    expect(response.statusCode).toBe(401);
    expect(dragon.requests).toEqual([]);
  });
});

describe('GET /auth/methods', () => {
  it('says whether League data is configured, so that the tab asks nothing without a key', async () => {
    const withKey = await createTestContext({ RIOT_API_KEY: 'RGAPI-test' });
    try {
      expect((await clientAs(ctx, 'anonymous').get('/auth/methods')).json()).toMatchObject({
        riot: false,
      });
      expect((await clientAs(withKey, 'anonymous').get('/auth/methods')).json()).toMatchObject({
        riot: true,
      });
    } finally {
      await withKey.close();
    }
  });
});
