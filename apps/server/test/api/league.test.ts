import {
  LEAGUE_REFRESH_COOLDOWN_MS,
  type LeagueGame,
  type LeagueGamesPage,
  type LeagueRefresh,
  type RankEntry,
} from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { riotAccounts, users } from '../../src/db/schema.js';
import {
  fakePuuid,
  startFakeRiot,
  type FakePlayer,
  type FakeRank,
  type FakeRiot,
} from '../fakes/fake-riot.js';
import { buildAdmin, buildMember, sessionCookieFor, signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, testConfig, type TestContext } from '../helpers/test-app.js';

let riot: FakeRiot;
beforeAll(async () => {
  riot = await startFakeRiot();
});
afterAll(() => riot.close());

const solo: FakeRank = {
  queueType: 'RANKED_SOLO_5x5',
  tier: 'GOLD',
  rank: 'II',
  leaguePoints: 42,
  wins: 30,
  losses: 25,
};
const flex: FakeRank = { ...solo, queueType: 'RANKED_FLEX_SR', tier: 'SILVER', rank: 'IV' };

/** A player Riot knows, with a name no other test uses. */
function newPlayer(ranks: FakeRank[] = []): FakePlayer & { riotId: string } {
  const gameName = `P${randomBytes(4).toString('hex')}`;
  const riotId = `${gameName}#EUW`;
  const account = riot.addAccount({ puuid: fakePuuid(riotId), gameName, tagLine: 'EUW' });
  riot.setRanks(account.puuid, ranks);
  return { ...account, riotId };
}

const HOUR = 3_600_000;
let matchNumber = 1_000;
/** A ranked game of these players (the first wins), `hoursAgo` hours ago. */
function playGame(hoursAgo: number, players: FakePlayer[], queueId = 420): string {
  const matchId = `EUW1_${++matchNumber}`;
  riot.addMatch({
    matchId,
    gameStartTimestamp: Date.now() - hoursAgo * HOUR,
    gameDuration: 1_500 + hoursAgo,
    queueId,
    players,
  });
  return matchId;
}

/** The League tab's reads, their bodies parsed, and the stored Riot accounts. */
function api(ctx: TestContext) {
  const read = async <T>(cookie: string, url: string) => {
    const response = await clientAs(ctx, { cookie }).get(url);
    return { ...response, body: response.json<T>() };
  };
  return {
    ranks: (cookie: string, id: string) => read<RankEntry[]>(cookie, `/api/ranks/lol/${id}`),
    games: (cookie: string, id: string, query = '') =>
      read<LeagueGamesPage>(cookie, `/api/games/lol/${id}${query}`),
    /** Every page of the games, `limit` at a time, followed to the end. */
    allGames: async (cookie: string, id: string, limit: number, between?: () => Promise<void>) => {
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: String(limit) });
        if (cursor) query.set('cursor', cursor);
        const page = await read<LeagueGamesPage>(cookie, `/api/games/lol/${id}?${query}`);
        expect(page.statusCode, JSON.stringify(page.body)).toBe(200);
        pages.push(page.body.items.map((game) => game.matchId));
        cursor = page.body.next_cursor;
        await between?.();
      } while (cursor);
      return pages;
    },
    storedAccount: async (riotId: string) =>
      (
        await ctx.db
          .select()
          .from(riotAccounts)
          .where(eq(riotAccounts.riotIdKey, riotId.toLowerCase()))
      )[0],
  };
}

const saveLogins = (ctx: TestContext, cookie: string, id: string, logins: string[]) =>
  clientAs(ctx, { cookie }).put(`/api/users/${id}`, { leagueoflegends_login: logins });

/** A signed-in member whose League logins are saved through the API. */
async function memberWith(ctx: TestContext, logins: string[]) {
  const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
  const saved = await saveLogins(ctx, cookie, member.id, logins);
  expect(saved.statusCode).toBe(200);
  return { member, cookie };
}

describe('with a Riot key', () => {
  let ctx: TestContext;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    ctx = await createTestContext({ ...riot.env(), RIOT_TIMEOUT_MS: '3000' });
    call = api(ctx);
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    riot.reset();
    // These tests together make more calls than a development key allows in two minutes; the
    // development key's limits have their own test below.
    riot.setBehaviour({ appRateLimit: '20:1,1000:120' });
  });

  describe('saving League logins', () => {
    it('resolves a new Riot ID with account-v1 and stores its PUUID, in Riot’s spelling', async () => {
      const player = newPlayer();
      const { member } = await memberWith(ctx, [player.riotId.toLowerCase()]);
      expect(await call.storedAccount(player.riotId)).toMatchObject({
        gameName: player.gameName,
        tagLine: 'EUW',
        puuid: player.puuid,
      });
      expect(riot.calls.account).toBe(1);
      expect(riot.requests[0]).toMatchObject({
        host: 'regional',
        path: `/riot/account/v1/accounts/by-riot-id/${player.gameName.toLowerCase()}/euw`,
      });
      const [stored] = await ctx.db.select().from(users).where(eq(users.id, member.id));
      expect(stored!.leagueoflegendsLogin).toEqual([player.riotId.toLowerCase()]);
    });

    it('does not ask Riot again for a Riot ID it knows', async () => {
      const player = newPlayer();
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      // A Riot ID is one member's (decision 031): the first lets it go, another takes it.
      expect((await saveLogins(ctx, cookie, member.id, [])).statusCode).toBe(200);
      await memberWith(ctx, [player.riotId.toUpperCase()]);
      expect(riot.calls.account).toBe(1);
    });

    it('refuses a Riot ID Riot does not know, naming it, and writes nothing', async () => {
      const known = newPlayer();
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const response = await saveLogins(ctx, cookie, member.id, [known.riotId, 'Nobody#404']);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'riot_id_not_found',
          issues: [{ path: 'body.leagueoflegends_login.1' }],
        },
      });
      const [stored] = await ctx.db.select().from(users).where(eq(users.id, member.id));
      expect(stored!.leagueoflegendsLogin).toEqual([]);
      expect(await call.storedAccount(known.riotId)).toBeUndefined();
    });

    it('refuses it in the admin edit form too', async () => {
      const admin = await buildAdmin(ctx.db);
      const target = await buildMember(ctx.db);
      const response = await clientAs(ctx, {
        cookie: await sessionCookieFor(ctx.db, ctx.config, admin),
      }).put(`/api/users/${target.id}`, {
        name: 'Martin',
        surname: 'Léa',
        pseudo: target.pseudo,
        birthday: '1999-04-12',
        email: 'lea@example.com',
        role: 'user',
        leagueoflegends_login: ['Ghost#000'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'riot_id_not_found' } });
      const [stored] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(stored!.name).toBeNull();
    });

    it('saves anyway when Riot is down, and resolves the Riot ID on first use', async () => {
      const player = newPlayer([solo]);
      riot.setBehaviour({ failure: 'error' });
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      expect(await call.storedAccount(player.riotId)).toMatchObject({ puuid: null });
      riot.setBehaviour({ failure: 'none' });
      const ranks = await call.ranks(cookie, member.id);
      expect(ranks.body[0]!.rankData.lol).toMatchObject({ tier: 'GOLD' });
      expect(await call.storedAccount(player.riotId)).toMatchObject({ puuid: player.puuid });
    });
  });

  describe('GET /api/ranks/lol/{userId}', () => {
    it('answers one entry per Riot ID, in order: solo first, flex beside, unranked null', async () => {
      const both = newPlayer([flex, solo]);
      const flexOnly = newPlayer([flex]);
      const unranked = newPlayer([]);
      const { member, cookie } = await memberWith(ctx, [
        both.riotId,
        flexOnly.riotId,
        unranked.riotId,
      ]);
      const viewer = await signedInAs(ctx.db, ctx.config, 'guest');
      const before = Date.now();
      const response = await call.ranks(viewer.cookie, member.id);
      const fetchedAt = expect.toSatisfy((at: number) => at >= before && at <= Date.now());
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual([
        {
          gameName: both.gameName,
          tagLine: 'EUW',
          rankData: {
            lol: {
              queueType: 'RANKED_SOLO_5x5',
              tier: 'GOLD',
              division: 'II',
              leaguePoints: 42,
              wins: 30,
              losses: 25,
            },
          },
          queues: [
            expect.objectContaining({ queueType: 'RANKED_SOLO_5x5' }),
            expect.objectContaining({
              queueType: 'RANKED_FLEX_SR',
              tier: 'SILVER',
              division: 'IV',
            }),
          ],
          fetchedAt,
        },
        {
          gameName: flexOnly.gameName,
          tagLine: 'EUW',
          rankData: { lol: expect.objectContaining({ queueType: 'RANKED_FLEX_SR' }) },
          queues: [expect.objectContaining({ queueType: 'RANKED_FLEX_SR' })],
          fetchedAt,
        },
        {
          gameName: unranked.gameName,
          tagLine: 'EUW',
          rankData: { lol: null },
          queues: [],
          fetchedAt,
        },
      ]);
      expect(riot.requests.filter((request) => request.endpoint === 'league')).toHaveLength(3);
      expect(
        riot.requests.every(
          (request) => request.endpoint !== 'league' || request.host === 'platform',
        ),
      ).toBe(true);
      expect(cookie).toBeTruthy();
    });

    it('serves a repeat view from the cache, without calling Riot', async () => {
      const player = newPlayer([solo]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const first = await call.ranks(cookie, member.id);
      riot.resetCalls();
      const second = await call.ranks(cookie, member.id);
      expect(second.body).toEqual(first.body);
      expect(riot.calls.total).toBe(0);
    });

    it('says when Riot gave the ranks: a cached answer keeps its time', async () => {
      const player = newPlayer([solo]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const first = (await call.ranks(cookie, member.id)).body[0]!.fetchedAt;
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await call.ranks(cookie, member.id)).body[0]!.fetchedAt).toBe(first);
    });

    it('merges identical calls in flight into one call to Riot', async () => {
      const player = newPlayer([solo]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      riot.resetCalls();
      // Riot answers slowly, so that both views wait for it at the same time.
      riot.setBehaviour({ failure: 'slow', delayMs: 300 });
      const views = await Promise.all([
        call.ranks(cookie, member.id),
        call.ranks(cookie, member.id),
      ]);
      expect(views.map((view) => view.statusCode)).toEqual([200, 200]);
      expect(riot.calls.league).toBe(1);
    });

    it('answers [] for a member without League logins', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      expect((await call.ranks(cookie, member.id)).body).toEqual([]);
      expect((await call.games(cookie, member.id)).body).toEqual({ items: [], next_cursor: null });
      expect(riot.calls.total).toBe(0);
    });

    it('answers 404 for an unknown member and 400 for a malformed id', async () => {
      const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const unknown = await call.ranks(cookie, 'a'.repeat(24));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toMatchObject({ error: { code: 'user_not_found' } });
      expect((await call.ranks(cookie, 'not-an-id')).statusCode).toBe(400);
      expect((await call.games(cookie, 'not-an-id')).statusCode).toBe(400);
    });

    it('refuses anonymous callers', async () => {
      const member = await buildMember(ctx.db);
      for (const url of [`/api/ranks/lol/${member.id}`, `/api/games/lol/${member.id}`]) {
        const response = await clientAs(ctx, 'anonymous').get(url);
        expect(response.statusCode).toBe(401);
      }
      expect(riot.calls.total).toBe(0);
    });

    it('answers 503 riot_unavailable when Riot fails, and the rest of the profile works', async () => {
      const player = newPlayer([solo]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      riot.setBehaviour({ failure: 'error' });
      for (const response of [
        await call.ranks(cookie, member.id),
        await call.games(cookie, member.id),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(response.body).toMatchObject({ error: { code: 'riot_unavailable' } });
        expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts/);
      }
      expect((await clientAs(ctx, { cookie }).get(`/api/users/${member.id}`)).statusCode).toBe(200);
    });

    it('waits out a 429 with Retry-After and answers', async () => {
      const player = newPlayer([solo]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      riot.setBehaviour({
        failure: 'rate-limited',
        failOnly: ['league'],
        failTimes: 1,
        retryAfterSeconds: 1,
        rateLimitType: 'method',
      });
      const response = await call.ranks(cookie, member.id);
      expect(response.statusCode).toBe(200);
      expect(response.body[0]!.rankData.lol).toMatchObject({ tier: 'GOLD' });
      expect(riot.calls.league).toBe(2);
    });
  });

  describe('POST /api/refresh/lol/{userId}', () => {
    const refresh = (cookie: string, id: string) =>
      clientAs(ctx, { cookie }).post(`/api/refresh/lol/${id}`);

    it('asks Riot again for the ranks and games, then refuses for five minutes, whoever asks', async () => {
      const player = newPlayer([solo]);
      playGame(1, [player]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const before = (await call.ranks(cookie, member.id)).body[0]!.fetchedAt!;
      await call.games(cookie, member.id);
      riot.resetCalls();
      await new Promise((resolve) => setTimeout(resolve, 5));

      const refreshed = await refresh(cookie, member.id);
      expect(refreshed.statusCode).toBe(200);
      const { refreshedAt, nextRefreshAt } = refreshed.json<LeagueRefresh>();
      expect(refreshedAt).toBeGreaterThan(before);
      expect(nextRefreshAt - refreshedAt).toBe(LEAGUE_REFRESH_COOLDOWN_MS);
      // The refresh itself calls no one: the next reads do, past the cache.
      expect(riot.calls.total).toBe(0);
      const after = (await call.ranks(cookie, member.id)).body[0]!.fetchedAt!;
      expect(after).toBeGreaterThanOrEqual(refreshedAt);
      await call.games(cookie, member.id);
      expect(riot.calls.league).toBe(1);
      expect(riot.calls.matchIds).toBe(1);
      // A finished game never changes: it is not asked again.
      expect(riot.calls.match).toBe(0);

      // Another member, moments later: refused, with when to come back; Riot is not called.
      riot.resetCalls();
      const other = await signedInAs(ctx.db, ctx.config, 'guest');
      const refused = await refresh(other.cookie, member.id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(LEAGUE_REFRESH_COOLDOWN_MS / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(LEAGUE_REFRESH_COOLDOWN_MS / 1000);
      expect((await call.ranks(cookie, member.id)).body[0]!.fetchedAt).toBe(after);
      expect(riot.calls.total).toBe(0);
    });

    it('counts each member profile apart', async () => {
      const first = await memberWith(ctx, [newPlayer([solo]).riotId]);
      const second = await memberWith(ctx, [newPlayer([solo]).riotId]);
      expect((await refresh(first.cookie, first.member.id)).statusCode).toBe(200);
      expect((await refresh(first.cookie, second.member.id)).statusCode).toBe(200);
    });

    it('answers hostile ids and bodies without a 5xx, and a refused one blocks nothing', async () => {
      const { member, cookie } = await memberWith(ctx, [newPlayer([solo]).riotId]);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.string({ maxLength: 40 }), fc.constant('a'.repeat(24))),
          fc.jsonValue({ maxDepth: 3 }),
          async (id, body) => {
            const response = await clientAs(ctx, { cookie }).inject({
              method: 'POST',
              url: `/api/refresh/lol/${encodeURIComponent(id)}`,
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            expect(response.statusCode, response.body).toBeLessThan(500);
            expect(response.statusCode).not.toBe(200);
          },
        ),
        { numRuns: 60 },
      );
      // None of them counted against the member's own profile.
      expect((await refresh(cookie, member.id)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown member', async () => {
      const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const response = await refresh(cookie, 'a'.repeat(24));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'user_not_found' } });
    });
  });

  describe('GET /api/games/lol/{userId}', () => {
    it('answers ranked games newest first, in pages, with every participant', async () => {
      const player = newPlayer();
      const ids = [5, 1, 3, 2, 4].map((hoursAgo) =>
        playGame(hoursAgo, [{ ...player, kills: hoursAgo, deaths: 1, assists: 2, items: [3031] }]),
      );
      playGame(0, [player], 400); // a normal game: not ranked
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const first = await call.games(cookie, member.id, '?limit=3');
      expect(first.statusCode).toBe(200);
      expect(first.body.items.map((game) => game.matchId)).toEqual([ids[1], ids[3], ids[2]]);
      const next = await call.games(cookie, member.id, `?limit=3&cursor=${first.body.next_cursor}`);
      expect(next.body.items.map((game) => game.matchId)).toEqual([ids[4], ids[0]]);
      expect(next.body.next_cursor).toBeNull();

      const [game] = first.body.items;
      expect(game).toMatchObject({ queueId: 420, puuid: player.puuid, gameDuration: 1_501 });
      expect(game!.participants).toHaveLength(10);
      expect(game!.participants[0]).toEqual({
        puuid: player.puuid,
        riotId: player.riotId,
        championName: 'Ahri',
        championId: 103,
        kills: 1,
        deaths: 1,
        assists: 2,
        win: true,
        items: [3031, 0, 0, 0, 0, 0, 0],
      });
      expect(riot.requests.find((request) => request.endpoint === 'matchIds')).toMatchObject({
        host: 'regional',
      });
      expect(
        riot.requests.find((request) => request.endpoint === 'matchIds')!.query.get('type'),
      ).toBe('ranked');
    });

    it('fetches each match once: later pages and views read the cache', async () => {
      const player = newPlayer();
      for (let hoursAgo = 1; hoursAgo <= 6; hoursAgo++) playGame(hoursAgo, [player]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      riot.resetCalls();
      const first = await call.games(cookie, member.id, '?limit=3');
      await call.games(cookie, member.id, '?limit=6');
      await call.games(cookie, member.id, `?limit=3&cursor=${first.body.next_cursor}`);
      expect(riot.calls.match).toBe(6);
      expect(riot.calls.matchIds).toBe(1);
    });

    it('merges the games of two accounts, once per game, naming the account that played', async () => {
      const main = newPlayer();
      const smurf = newPlayer();
      const other = newPlayer();
      const together = playGame(1, [{ ...smurf }, { ...main, teamId: 200, win: false }]);
      const mainOnly = playGame(2, [main]);
      const smurfOnly = playGame(3, [smurf]);
      playGame(4, [other]);
      const { member, cookie } = await memberWith(ctx, [main.riotId, smurf.riotId]);
      const games = (await call.games(cookie, member.id)).body.items;
      expect(games.map((game) => [game.matchId, game.puuid])).toEqual([
        [together, main.puuid],
        [mainOnly, main.puuid],
        [smurfOnly, smurf.puuid],
      ]);
      // A page at a time, each game once (in Riot's order of ids: this fake's ids do not grow
      // with the game's start, Riot's do).
      const pages = await call.allGames(cookie, member.id, 1);
      expect(pages.map((page) => page.length)).toEqual([1, 1, 1]);
      expect(pages.flat().toSorted()).toEqual([together, mainOnly, smurfOnly].toSorted());
    });

    it('answers only the games since a time', async () => {
      const player = newPlayer();
      const recent = [playGame(1, [player]), playGame(20, [player])];
      playGame(24 * 20, [player]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const since = Date.now() - 2 * 24 * HOUR;
      const games = (await call.games(cookie, member.id, `?since=${since}&limit=100`)).body.items;
      expect(games.map((game) => game.matchId)).toEqual(recent);
      // One kept list serves the history and the window alike: the history costs no list call.
      riot.resetCalls();
      await call.games(cookie, member.id, '?limit=5');
      expect(riot.calls.matchIds).toBe(0);
    });

    it('marks a remake, and gives each champion its key beside Riot’s internal name', async () => {
      const player = newPlayer();
      const remake = `EUW1_${++matchNumber}`;
      riot.addMatch({
        matchId: remake,
        gameStartTimestamp: Date.now() - HOUR,
        gameDuration: 101,
        remake: true,
        players: [{ ...player, championName: 'FiddleSticks', kills: 0, deaths: 0, assists: 0 }],
      });
      const played = playGame(2, [{ ...player, championName: 'MonkeyKing' }]);
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const games = (await call.games(cookie, member.id)).body.items;
      expect(games.map((game) => [game.matchId, game.remake, game.gameDuration])).toEqual([
        [remake, true, 101],
        [played, false, 1_502],
      ]);
      const own = (game: LeagueGame) =>
        game.participants.find((participant) => participant.puuid === player.puuid);
      expect(own(games[0]!)).toMatchObject({ championName: 'FiddleSticks', championId: 9 });
      expect(own(games[1]!)).toMatchObject({ championName: 'MonkeyKing', championId: 62 });
    });

    it('walks every page to the end, each game once, even when a game is played between two pages', async () => {
      const player = newPlayer();
      const played = Array.from({ length: 12 }, (_, index) => playGame(12 - index, [player]));
      const { member, cookie } = await memberWith(ctx, [player.riotId]);
      const newestFirst = played.toReversed();
      const pages = await call.allGames(cookie, member.id, 5);
      expect(pages).toEqual([
        newestFirst.slice(0, 5),
        newestFirst.slice(5, 10),
        newestFirst.slice(10),
      ]);

      // A game played after the first page (and read past the cache by a refresh) pushes Riot's
      // list down by one: the next pages start after the last game shown, not at its position.
      let newer: string | undefined;
      const shifted = await call.allGames(cookie, member.id, 5, async () => {
        if (newer) return;
        newer = playGame(0, [player]);
        const refreshed = await clientAs(ctx, { cookie }).post(`/api/refresh/lol/${member.id}`);
        expect(refreshed.statusCode).toBe(200);
      });
      expect(shifted.flat()).toEqual(newestFirst);
      expect((await call.games(cookie, member.id, '?limit=1')).body.items[0]!.matchId).toBe(newer);
    });

    it('refuses a limit beyond the maximum, the old start and count, and a cursor it did not give', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      expect((await call.games(cookie, member.id, '?limit=101')).statusCode).toBe(400);
      expect((await call.games(cookie, member.id, '?start=0&count=5')).statusCode).toBe(400);
      const foreign = await call.games(cookie, member.id, '?cursor=WzEsMl0');
      expect(foreign.statusCode).toBe(400);
      expect(foreign.body).toMatchObject({
        error: {
          code: 'validation_failed',
          issues: [expect.objectContaining({ path: 'querystring.cursor' })],
        },
      });
    });
  });
});

describe("within a development key's limits", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...riot.env(), RIOT_TIMEOUT_MS: '10000' });
    riot.reset();
  });
  afterAll(() => ctx.close());

  it('serves a burst of 50 profile views with no 429 for Riot or the member', async () => {
    const call = api(ctx);
    const members: Awaited<ReturnType<typeof memberWith>>[] = [];
    for (let index = 0; index < 5; index++) {
      const player = newPlayer([solo]);
      for (let game = 1; game <= 8; game++) playGame(game, [player]);
      members.push(await memberWith(ctx, [player.riotId]));
    }
    const viewer = await signedInAs(ctx.db, ctx.config, 'user');
    const views = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const { member } = members[index % members.length]!;
        return Promise.all([
          call.ranks(viewer.cookie, member.id),
          call.games(viewer.cookie, member.id, '?limit=5'),
        ]);
      }),
    );
    expect(views.flat().map((view) => view.statusCode)).toEqual(Array(100).fill(200));
    expect(riot.limitViolations).toBe(0);
    // 5 accounts resolved, then per member: its ranks, its match list and 5 matches.
    expect(riot.calls.total).toBe(5 + 5 * 7);
  });
});

describe('when Riot is slow', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...riot.env(), RIOT_TIMEOUT_MS: '300' });
  });
  afterAll(() => ctx.close());
  afterEach(() => riot.reset());

  it('gives up after the timeout with 503 riot_unavailable', async () => {
    const player = newPlayer([solo]);
    const { member, cookie } = await memberWith(ctx, [player.riotId]);
    riot.setBehaviour({ failure: 'slow', delayMs: 5_000 });
    const call = api(ctx);
    for (const response of [
      await call.ranks(cookie, member.id),
      await call.games(cookie, member.id),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.body).toMatchObject({ error: { code: 'riot_unavailable' } });
    }
  });

  it('saves a League login, unresolved, when Riot is too slow', async () => {
    const player = newPlayer();
    riot.setBehaviour({ failure: 'slow', delayMs: 5_000 });
    await memberWith(ctx, [player.riotId]);
    expect(await api(ctx).storedAccount(player.riotId)).toMatchObject({ puuid: null });
  });

  it('fails fast when Riot asks to wait longer than a call may take', async () => {
    const player = newPlayer([solo]);
    const { member, cookie } = await memberWith(ctx, [player.riotId]);
    riot.setBehaviour({
      failure: 'rate-limited',
      retryAfterSeconds: 120,
      rateLimitType: 'application',
    });
    const call = api(ctx);
    const first = await call.ranks(cookie, member.id);
    expect(first.statusCode).toBe(503);
    // Busy, not down: the member is told when to come back.
    expect(first.body).toMatchObject({ error: { code: 'riot_rate_limited' } });
    const retryAfter = Number(first.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(100);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Riot said to stop for two minutes on this platform: the next view does not even call it.
    riot.resetCalls();
    const second = await call.ranks(cookie, member.id);
    expect(second.statusCode).toBe(503);
    expect(riot.calls.total).toBe(0);
  });
});

describe('without a Riot key', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(riot.env({ apiKey: false }));
    riot.reset();
  });
  afterAll(() => ctx.close());

  it('stores Riot IDs unresolved and answers 503 riot_not_configured', async () => {
    const player = newPlayer([solo]);
    const { member, cookie } = await memberWith(ctx, [player.riotId, 'Ghost#404']);
    expect(await api(ctx).storedAccount(player.riotId)).toMatchObject({ puuid: null });
    for (const response of [
      await api(ctx).ranks(cookie, member.id),
      await api(ctx).games(cookie, member.id),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.body).toMatchObject({ error: { code: 'riot_not_configured' } });
    }
    const refresh = await clientAs(ctx, { cookie }).post(`/api/refresh/lol/${member.id}`);
    expect(refresh.statusCode).toBe(503);
    expect(refresh.json()).toMatchObject({ error: { code: 'riot_not_configured' } });
    expect(riot.calls.total).toBe(0);
  });

  it('resolves them on first use once a key is set', async () => {
    const player = newPlayer([solo]);
    const { member, cookie } = await memberWith(ctx, [player.riotId, 'Ghost#405']);
    // The same database, restarted with a key.
    const withKey = await buildApp({
      config: testConfig(riot.env()),
      database: ctx.database,
      vault: ctx.vault,
      logger: false,
      webRoot: '/nonexistent-web-root',
    });
    try {
      const ranks = async () =>
        (await clientAs({ app: withKey }, { cookie }).get(`/api/ranks/lol/${member.id}`)).json<
          RankEntry[]
        >();
      expect(await ranks()).toEqual([
        expect.objectContaining({
          gameName: player.gameName,
          rankData: { lol: expect.objectContaining({ tier: 'GOLD' }) },
        }),
        // Riot knows no Ghost#405: no rank.
        {
          gameName: 'Ghost',
          tagLine: '405',
          rankData: { lol: null },
          queues: [],
          fetchedAt: null,
        },
      ]);
      const stored = await ctx.db
        .select()
        .from(riotAccounts)
        .where(inArray(riotAccounts.riotIdKey, [player.riotId.toLowerCase(), 'ghost#405']));
      expect(stored.find((row) => row.puuid)?.puuid).toBe(player.puuid);
      // An unknown Riot ID is not asked again at every view.
      riot.resetCalls();
      await ranks();
      expect(riot.calls.account).toBe(0);
    } finally {
      await withKey.close();
    }
  });
});
