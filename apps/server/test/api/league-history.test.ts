import type { LeagueHistory, LedgerLine } from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { readPointRules } from '../../src/services/points/point-rules.js';
import { recomputePoints } from '../../src/services/points/recompute.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leagueSnapshots, pointsLedger, type UserRow } from '../../src/db/schema.js';
import { databaseRiotCache, memoryRiotCache } from '../../src/integrations/riot/cache.js';
import { RiotClient } from '../../src/integrations/riot/client.js';
import { storeRiotAccounts } from '../../src/integrations/riot/riot-accounts.js';
import type { JobContext } from '../../src/jobs/job.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { leagueSnapshotsJob } from '../../src/services/league/snapshot-schedule.js';
import { recordSnapshots, takeSnapshotTick } from '../../src/services/league/snapshots.js';
import { createSeason } from '../../src/services/points/create-season.js';
import { savePointRules } from '../../src/services/points/save-point-rules.js';
import { fakePuuid, startFakeRiot, type FakeRank, type FakeRiot } from '../fakes/fake-riot.js';
import { buildMember } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

let fake: FakeRiot;
let ctx: TestContext;
let riot: RiotClient;
beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestContext({ ...fake.env(), RIOT_TIMEOUT_MS: '3000' });
  riot = new RiotClient({ config: ctx.config.riot, cache: databaseRiotCache(ctx.db) });
  // Every day these tests take their snapshots on is in this season.
  await createSeason({
    db: ctx.db,
    fields: { name: 'Season 2030', starts_on: '2030-01-01', ends_on: '2030-12-31' },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** Noon, in every time zone the organisation might have, of a day of the season. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

const rank = (tier: string, division: string, queueType = 'RANKED_SOLO_5x5'): FakeRank => ({
  queueType,
  tier,
  rank: division,
  leaguePoints: 50,
  wins: 10,
  losses: 8,
});

/** A member with one League login, resolved, whose ranks Riot gives as `ranks`. */
async function playerWith(ranks: FakeRank[]) {
  const gameName = `P${randomBytes(4).toString('hex')}`;
  const riotId = `${gameName}#EUW`;
  const puuid = fakePuuid(riotId);
  fake.addAccount({ puuid, gameName, tagLine: 'EUW' });
  fake.setRanks(puuid, ranks);
  const member = await buildMember(ctx.db, { leagueoflegendsLogin: [riotId] });
  await storeRiotAccounts(ctx.db, [
    { riotIdKey: riotId.toLowerCase(), gameName, tagLine: 'EUW', puuid, resolvedAt: new Date() },
  ]);
  return { member, puuid };
}

/** Ticks until every account due that day is asked (other tests' accounts too). */
async function snapshotDay(day: string) {
  for (;;) {
    const report = await takeSnapshotTick({ db: ctx.db, riot, now: noonOf(day), limit: 50 });
    if (report.asked === 0 || report.postponed > 0) return report;
  }
}

const snapshotsOf = (puuid: string) =>
  ctx.db
    .select()
    .from(leagueSnapshots)
    .where(eq(leagueSnapshots.puuid, puuid))
    .orderBy(asc(leagueSnapshots.takenOn), asc(leagueSnapshots.queue));

const leagueLinesOf = async (member: UserRow) =>
  (await ctx.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, member.id), eq(pointsLedger.source, 'league')))
    .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.reason))) as unknown as LedgerLine[];

describe('the daily snapshot', () => {
  it('writes one snapshot per ranked queue a day, and nothing more when run again that day', async () => {
    const { puuid } = await playerWith([rank('GOLD', 'II'), rank('SILVER', 'I', 'RANKED_FLEX_SR')]);
    await snapshotDay('2030-02-01');
    await snapshotDay('2030-02-01');
    // Another instance that asked Riot at the same time writes nothing either.
    const { member } = await playerWith([]);
    const late = await recordSnapshots(ctx.db, { userId: member.id, puuid }, [rank('GOLD', 'I')], {
      day: '2030-02-01',
      now: noonOf('2030-02-01'),
    });
    expect(late).toBe(0);
    expect(
      (await snapshotsOf(puuid)).map((row) => [row.takenOn, row.queue, row.tier, row.division]),
    ).toEqual([
      ['2030-02-01', 'RANKED_FLEX_SR', 'SILVER', 'I'],
      ['2030-02-01', 'RANKED_SOLO_5x5', 'GOLD', 'II'],
    ]);
  });

  it('says which way the rank moved since the day before', async () => {
    const { puuid } = await playerWith([rank('GOLD', 'II')]);
    await snapshotDay('2030-03-01');
    fake.setRanks(puuid, [rank('GOLD', 'I')]);
    await snapshotDay('2030-03-02');
    fake.setRanks(puuid, [{ ...rank('GOLD', 'I'), leaguePoints: 10 }]);
    await snapshotDay('2030-03-03');
    fake.setRanks(puuid, [rank('GOLD', 'III')]);
    await snapshotDay('2030-03-04');
    expect((await snapshotsOf(puuid)).map((row) => row.change)).toEqual([null, 'up', null, 'down']);
  });

  it('grants points for each division and tier above the season’s best, none for the first day or a fall', async () => {
    const { member, puuid } = await playerWith([rank('SILVER', 'II')]);
    await snapshotDay('2030-04-01');
    expect(await leagueLinesOf(member)).toEqual([]);
    fake.setRanks(puuid, [rank('GOLD', 'IV')]);
    await snapshotDay('2030-04-02');
    fake.setRanks(puuid, [rank('SILVER', 'I')]);
    await snapshotDay('2030-04-03');
    fake.setRanks(puuid, [rank('GOLD', 'IV')]);
    await snapshotDay('2030-04-04');
    expect((await leagueLinesOf(member)).map((line) => [line.points, line.reason])).toEqual([
      [25, 'GOLD IV'],
      [10, 'SILVER I'],
    ]);
  });

  it('is brought to new League rules by a recompute, once', async () => {
    const { member, puuid } = await playerWith([rank('BRONZE', 'I')]);
    await snapshotDay('2030-05-01');
    fake.setRanks(puuid, [rank('SILVER', 'III')]);
    await snapshotDay('2030-05-02');
    expect((await leagueLinesOf(member)).map((line) => line.points)).toEqual([10, 25]);
    const rules = await readPointRules(ctx.db);
    await savePointRules({ db: ctx.db, rules: { ...rules, league: { division: 12, tier: 40 } } });
    try {
      expect(await recomputePoints({ db: ctx.db })).toBeGreaterThanOrEqual(2);
      expect(await recomputePoints({ db: ctx.db })).toBe(0);
    } finally {
      await savePointRules({ db: ctx.db, rules });
    }
    const lines = await leagueLinesOf(member);
    expect(lines.reduce((sum, line) => sum + line.points, 0)).toBe(40 + 12);
  });

  it('leaves the accounts for a later tick when Riot’s rate limits refuse, and takes them then', async () => {
    const { puuid } = await playerWith([rank('PLATINUM', 'III')]);
    fake.setBehaviour({ failure: 'rate-limited', failOnly: ['league'], retryAfterSeconds: 60 });
    // Its own client: the Retry-After it hears holds its process's calls for a minute.
    const refusedClient = new RiotClient({
      config: ctx.config.riot,
      cache: databaseRiotCache(ctx.db),
    });
    const refused = await takeSnapshotTick({
      db: ctx.db,
      riot: refusedClient,
      now: noonOf('2030-05-01'),
      limit: 50,
    });
    expect(refused.postponed).toBeGreaterThan(0);
    expect(await snapshotsOf(puuid)).toEqual([]);
    fake.reset();
    await snapshotDay('2030-05-01');
    expect((await snapshotsOf(puuid)).map((row) => row.tier)).toEqual(['PLATINUM']);
  });
  it('lets one instance a minute take the tick', async () => {
    const minute = noonOf('2030-06-02');
    let offsetMs = 0;
    let runs = 0;
    const job = leagueSnapshotsJob({ db: ctx.db, riot, log: ctx.app.log });
    const counted = { ...job, run: (context: JobContext) => ((runs += 1), job.run(context)) };
    // Two instances of the server on one database, their clocks in step.
    const [first, second] = ['first', 'second'].map((holder) =>
      createJobRunner({
        db: ctx.db,
        jobs: [counted],
        log: ctx.app.log,
        holder,
        now: () => new Date(minute.getTime() + offsetMs),
      }),
    );
    const tick = async (atMs: number) => {
      offsetMs = atMs;
      const before = runs;
      await Promise.all([first!.tick(), second!.tick()]);
      return runs - before;
    };
    expect(await tick(0)).toBe(1);
    expect(await tick(30_000)).toBe(0);
    expect(await tick(60_000)).toBe(1);
  });

  it('does nothing without a Riot key', async () => {
    const { puuid } = await playerWith([rank('GOLD', 'II')]);
    const keyless = new RiotClient({
      config: { ...ctx.config.riot, apiKey: undefined },
      cache: databaseRiotCache(ctx.db),
    });
    const report = await takeSnapshotTick({ db: ctx.db, riot: keyless, now: noonOf('2030-06-01') });
    expect(report).toMatchObject({ asked: 0, written: 0 });
    expect(fake.calls.total).toBe(0);
    expect(await snapshotsOf(puuid)).toEqual([]);
  });
});

describe('GET /api/users/{id}/league/history', () => {
  const today = () => new Date().toISOString().slice(0, 10);

  it('answers a member’s snapshots of the queue, oldest first, with a value to draw', async () => {
    const { member, puuid } = await playerWith([
      rank('GOLD', 'II'),
      rank('BRONZE', 'I', 'RANKED_FLEX_SR'),
    ]);
    const viewer = await buildMember(ctx.db);
    const yesterday = new Date(Date.now() - 86_400_000);
    await takeSnapshotTick({ db: ctx.db, riot, now: yesterday, limit: 50 });
    fake.setRanks(puuid, [{ ...rank('MASTER', 'I'), leaguePoints: 120 }]);
    // A day later, the ranks cached yesterday are long gone.
    const dayLater = new RiotClient({ config: ctx.config.riot, cache: memoryRiotCache() });
    await takeSnapshotTick({ db: ctx.db, riot: dayLater, now: new Date(), limit: 50 });
    const response = await clientAs(ctx, viewer).get(
      `/api/users/${member.id}/league/history?queue=RANKED_SOLO_5x5&days=90`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<LeagueHistory>();
    expect(
      history.snapshots.map(({ tier, division, leaguePoints, value }) => ({
        tier,
        division,
        leaguePoints,
        value,
      })),
    ).toEqual([
      { tier: 'GOLD', division: 'II', leaguePoints: 50, value: 1450 },
      { tier: 'MASTER', division: '', leaguePoints: 120, value: 2920 },
    ]);
    expect(history.snapshots.at(-1)?.day).toBe(today());
  });

  it('refuses an unknown queue and answers 404 for an unknown member', async () => {
    const viewer = await buildMember(ctx.db);
    const client = clientAs(ctx, viewer);
    expect((await client.get(`/api/users/${viewer.id}/league/history?queue=ARAM`)).statusCode).toBe(
      400,
    );
    const missing = await client.get('/api/users/0123456789abcdef01234567/league/history');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('user_not_found');
  });
});
