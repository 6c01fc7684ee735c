import type { RankEntry } from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, users, type UserRow } from '../../src/db/schema.js';
import { databaseRiotCache } from '../../src/integrations/riot/cache.js';
import { RiotClient } from '../../src/integrations/riot/client.js';
import { storeRiotAccounts } from '../../src/integrations/riot/riot-accounts.js';
import { declareJob } from '../../src/jobs/leases.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { LEAGUE_REFRESH_PERIOD_MS } from '../../src/services/league/league-requests.js';
import { getMemberGames } from '../../src/services/league/member-games.js';
import { getMemberRanks } from '../../src/services/league/member-ranks.js';
import { accountsToWarm, warmLeague } from '../../src/services/league/warm-league.js';
import { leagueWarmJob } from '../../src/services/league/warm-schedule.js';
import { addGoldPlayer, startFakeRiot, type FakeRiot } from '../fakes/fake-riot.js';
import { buildMember, sessionCookieFor } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

const HOUR = 3_600_000;

let fake: FakeRiot;
let ctx: TestContext;
/** A Riot client of its own: its rate limiter counts these tests' calls only. */
let riot: RiotClient;
let matchNumber = 5_000_000;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestContext({ ...fake.env(), RIOT_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  riot = new RiotClient({ config: ctx.config.riot, cache: databaseRiotCache(ctx.db) });
  // Each test counts its own accounts: those of the tests before leave the list.
  await ctx.db.update(users).set({ leagueoflegendsLogin: [] });
});

/** A member with one resolved League login, ranked, with `games` ranked games 11 h apart. */
async function player({ games = 3, signedIn = false } = {}) {
  const gameName = `W${randomBytes(4).toString('hex')}`;
  const riotId = `${gameName}#EUW`;
  const puuid = addGoldPlayer(
    fake,
    gameName,
    Array.from({ length: games }, (_, game) => ({
      matchId: `EUW1_${++matchNumber}`,
      gameStartTimestamp: Date.now() - (game + 1) * 11 * HOUR,
    })),
  );
  const member: UserRow = await buildMember(ctx.db, { leagueoflegendsLogin: [riotId] });
  await storeRiotAccounts(ctx.db, [
    { riotIdKey: riotId.toLowerCase(), gameName, tagLine: 'EUW', puuid, resolvedAt: new Date() },
  ]);
  const cookie = signedIn ? await sessionCookieFor(ctx.db, ctx.config, member) : undefined;
  return { member, puuid, cookie };
}

describe('the League warm job', () => {
  it('serves stale views first, then active members, then the rest', async () => {
    const quiet = await player();
    const active = await player({ signedIn: true });
    const viewed = await player();
    const now = Date.now();
    expect((await accountsToWarm(ctx.db, now, 10)).puuids).toEqual([
      active.puuid,
      ...[quiet.puuid, viewed.puuid].toSorted(),
    ]);
    // A view of the quiet member's data, stale (never fetched by the job, long ago by a view).
    await warmLeague({ db: ctx.db, riot });
    const later = now + 2 * LEAGUE_REFRESH_PERIOD_MS;
    await getMemberRanks(ctx.db, riot, viewed.member.id, later);
    expect(await accountsToWarm(ctx.db, later, 10)).toEqual({
      puuids: [viewed.puuid, active.puuid, quiet.puuid],
      due: 3,
    });
  });

  it('refreshes every account due once, then none until the refresh period has passed', async () => {
    const members = [await player(), await player(), await player()];
    const first = await warmLeague({ db: ctx.db, riot });
    expect(first).toEqual({ due: 3, refreshed: 3 });
    // Ranks, list and the three games of each account.
    expect(fake.calls).toMatchObject({ league: 3, matchIds: 3, match: 9 });
    fake.resetCalls();
    expect(await warmLeague({ db: ctx.db, riot })).toEqual({ due: 0, refreshed: 0 });
    const later = Date.now() + LEAGUE_REFRESH_PERIOD_MS + 60_000;
    expect(await warmLeague({ db: ctx.db, riot, clock: () => later })).toEqual({
      due: 3,
      refreshed: 3,
    });
    // A finished game is never asked again.
    expect(fake.calls).toMatchObject({ league: 3, matchIds: 3, match: 0 });
    // The tab then answers from what is kept, without a call to Riot.
    fake.resetCalls();
    const { member } = members[0]!;
    const cookie = await sessionCookieFor(ctx.db, ctx.config, member);
    const as = clientAs(ctx, { cookie });
    for (const url of [
      `/api/ranks/lol/${member.id}`,
      `/api/games/lol/${member.id}?since=${Date.now() - 15 * 24 * HOUR}&limit=100`,
      `/api/games/lol/${member.id}?limit=5`,
    ]) {
      expect((await as.get(url)).statusCode).toBe(200);
    }
    expect(fake.calls.total).toBe(0);
  });

  it("stops at the background's share of a development key, leaving the rest to views, with no 429", async () => {
    // Thirty games each: 31 calls to the regional host per account, of 60 the background may make.
    await player({ games: 30 });
    await player({ games: 30 });
    const report = await warmLeague({ db: ctx.db, riot });
    expect(report.refreshed).toBe(1);
    expect(report.retryAfterMs).toBeGreaterThan(0);
    expect(fake.calls.matchIds + fake.calls.match).toBe(60);
    // A member's view still gets its answer at once, through the same limiter: 40 calls of the
    // two minutes are the views'.
    const cold = await player();
    const page = await getMemberGames(ctx.db, riot, cold.member.id, { limit: 5 });
    expect(page.items).toHaveLength(3);
    expect(fake.limitViolations).toBe(0);
  });

  it('shows stale ranks at once with their age, and queues a refresh the runner runs', async () => {
    const { member, puuid } = await player({ games: 1 });
    await warmLeague({ db: ctx.db, riot });
    const fetchedAt = Date.now();
    await declareJob(ctx.db, 'league-warm', new Date(fetchedAt + 10 * HOUR));
    fake.resetCalls();
    const later = fetchedAt + LEAGUE_REFRESH_PERIOD_MS + 60_000;
    const [entry] = (await getMemberRanks(ctx.db, riot, member.id, later)) as [RankEntry];
    expect(entry.rankData.lol).toMatchObject({ tier: 'GOLD', division: 'II' });
    expect(entry.fetchedAt).toBeLessThanOrEqual(fetchedAt);
    expect(fake.calls.total).toBe(0);
    // The job is due now, this account first.
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.name, 'league-warm'));
    expect(row!.nextRunAt.getTime()).toBeLessThanOrEqual(later);
    expect((await accountsToWarm(ctx.db, later, 1)).puuids).toEqual([puuid]);
    const runner = createJobRunner({
      db: ctx.db,
      jobs: [leagueWarmJob({ db: ctx.db, riot, log: ctx.app.log })],
      log: ctx.app.log,
      now: () => new Date(later),
    });
    await runner.tick();
    await runner.stop();
    expect(fake.calls).toMatchObject({ league: 1, matchIds: 1 });
  });
});
