// League kept warm (decision 066): 500 linked accounts, a development key (20 calls a second,
// 100 per two minutes, per routing value), the fake Riot API, PGlite in memory. Prints how long
// until every account is fresh, the calls per hour at steady state, the p95 of the League tab's
// calls once warm, and Riot's 429 answers (the fake refuses like Riot past the key's limits).
// Asserts nothing.
//
// The key's windows span hours of work: Riot's clock (the fake's windows) and the rate limiter's
// run SPEED times faster than the wall clock (LEAGUE_WARM_SPEED, 200 by default), and the job is
// given that clock. Durations and rates below are on that clock; the tab's latencies are real.
//   npm run bench:league-warm -w @guildhall/server
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LEAGUE_STATS_WINDOW_MS } from '@guildhall/contract';
import { like } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { openPglite } from '../src/db/client.js';
import { riotCache } from '../src/db/schema.js';
import { databaseRiotCache } from '../src/integrations/riot/cache.js';
import { BACKGROUND_SHARE, RiotClient } from '../src/integrations/riot/client.js';
import { RiotRateLimiter, type Clock } from '../src/integrations/riot/rate-limiter.js';
import { storeRiotAccounts } from '../src/integrations/riot/riot-accounts.js';
import { FRESH_MARKER, LEAGUE_REFRESH_PERIOD_MS } from '../src/services/league/league-requests.js';
import { warmLeague } from '../src/services/league/warm-league.js';
import { unlockVault } from '../src/services/vault/keyring.js';
import { addGoldPlayer, fakePuuid, startFakeRiot } from '../test/fakes/fake-riot.js';
import { buildMember, sessionCookieFor } from '../test/helpers/factories.js';
import { testConfig } from '../test/helpers/test-app.js';

const ACCOUNTS = Number(process.env.LEAGUE_WARM_ACCOUNTS ?? 500);
const SPEED = Number(process.env.LEAGUE_WARM_SPEED ?? 30);
/** Ranked games per account in the last 15 days, evenly spread (a regular player's). */
const GAMES = Number(process.env.LEAGUE_WARM_GAMES ?? 10);
/** Steady state is measured over this long once every account is fresh (bench clock). */
const STEADY_MS = 2 * 3_600_000;
/** Each account plays at that pace: a game every 36 hours with 10 in 15 days. */
const GAME_EVERY_MS = Math.floor((LEAGUE_STATS_WINDOW_MS * 0.96) / GAMES);
const TAB_VIEWS = 200;
const MINUTE = 60_000;

const started = Date.now();
const clock: Clock = {
  now: () => started + (Date.now() - started) * SPEED,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms / SPEED))),
};
/** Bench-clock time since the job's first run (set once everything is seeded). */
let origin = 0;
const at = () => clock.now() - origin;
const hours = (ms: number) => `${(ms / 3_600_000).toFixed(2)} h`;

const fake = await startFakeRiot(0, { now: clock.now });
const riotIds = Array.from({ length: ACCOUNTS }, (_, index) => `Warm${index}#EUW`);
for (const [index, riotId] of riotIds.entries()) {
  const [gameName = riotId] = riotId.split('#');
  addGoldPlayer(
    fake,
    gameName,
    Array.from({ length: GAMES }, (_, game) => ({
      matchId: `EUW1_${7_000_000_000 + index * 1_000 + game}`,
      gameStartTimestamp: started - (game + 1) * GAME_EVERY_MS - index * 60_000,
    })),
  );
}

const database = await openPglite(undefined);
await database.migrate();
const { db } = database;
const config = testConfig({ ...fake.env(), LOG_LEVEL: 'silent' });
const riot = new RiotClient({
  config: config.riot,
  cache: databaseRiotCache(db),
  limiter: new RiotRateLimiter({ clock }),
});
const vault = await unlockVault(db, randomBytes(32));
const app = await buildApp({
  config,
  database,
  vault,
  logger: false,
  webRoot: '/nonexistent',
  riot,
});

const members = [];
for (const riotId of riotIds) {
  members.push(await buildMember(db, { leagueoflegendsLogin: [riotId] }));
}
await storeRiotAccounts(
  db,
  riotIds.map((riotId) => {
    const [gameName = riotId, tagLine = 'EUW'] = riotId.split('#');
    return {
      riotIdKey: riotId.toLowerCase(),
      gameName,
      tagLine,
      puuid: fakePuuid(riotId),
      resolvedAt: new Date(),
    };
  }),
);
// A fifth of the members signed in this week: they come first.
const cookies: string[] = [];
for (const [index, member] of members.entries()) {
  if (index % 5 === 0) cookies.push(await sessionCookieFor(db, config, member));
}

const freshAccounts = async () =>
  (
    await db
      .select({ key: riotCache.key })
      .from(riotCache)
      .where(like(riotCache.key, `${FRESH_MARKER}%`))
  ).length;

/** Runs of the job, back to back as the runner would make them due, until `stop` says so. */
async function runJob(stop: (report: { due: number; refreshed: number }) => Promise<boolean>) {
  for (;;) {
    const now = clock.now();
    // The job starts no account after a minute of the wall clock (warm-schedule.ts): as much
    // work per run here, so that a run's own query weighs what it weighs in production.
    const report = await warmLeague({ db, riot, clock: clock.now, until: now + MINUTE * SPEED });
    if (await stop(report)) return;
    const after = report.retryAfterMs ?? (report.due > report.refreshed ? 5_000 : MINUTE);
    await clock.sleep(after);
  }
}

console.log(
  `League kept warm: ${ACCOUNTS} linked accounts, ${GAMES} ranked games each in the last 15 days, ` +
    `a development key (20:1,100:120 per routing value), background share ${BACKGROUND_SHARE}, ` +
    `refresh period ${LEAGUE_REFRESH_PERIOD_MS / MINUTE} min (fake Riot API, PGlite in memory)`,
);
console.log(
  `Riot's windows and the rate limiter run ${SPEED}x faster than the wall clock: times and ` +
    `rates below are on that clock, the tab's latencies are real.\n`,
);

// 1. From nothing kept to every account fresh at once.
origin = clock.now();
let everyOnceAt: number | undefined;
let allFreshAt = 0;
await runJob(async (report) => {
  if (everyOnceAt === undefined && (await freshAccounts()) >= ACCOUNTS) everyOnceAt = at();
  if (report.due > 0) return false;
  allFreshAt = at();
  return true;
});
const fillCalls = { ...fake.calls };
console.log(
  `every account refreshed once after ${hours(everyOnceAt ?? allFreshAt)}; all fresh at once ` +
    `after ${hours(allFreshAt)} (${fillCalls.total} calls: league ${fillCalls.league}, ` +
    `lists ${fillCalls.matchIds}, matches ${fillCalls.match})`,
);
const regional = fillCalls.matchIds + fillCalls.match;
const floor = (regional / (100 * BACKGROUND_SHARE)) * 2 * MINUTE;
console.log(
  `  the key's floor for these ${regional} regional calls at ${100 * BACKGROUND_SHARE} per ` +
    `two minutes: ${hours(floor)}`,
);

// 2. Steady state: every account refreshed each period, and games played meanwhile. (Riot's
// windows are never reset: the counts are read as differences.)
const before = { ...fake.calls };
const steadyFrom = clock.now();
// Spread evenly: as many games an hour as the accounts play on average.
const nextGame = riotIds.map((_, index) => steadyFrom + (index * GAME_EVERY_MS) / ACCOUNTS);
let played = 0;
await runJob(async () => {
  const now = clock.now();
  for (const [index, riotId] of riotIds.entries()) {
    if ((nextGame[index] ?? Infinity) > now) continue;
    const puuid = fakePuuid(riotId);
    const [gameName = riotId] = riotId.split('#');
    fake.addMatch({
      matchId: `EUW1_${8_000_000_000 + ++played}`,
      gameStartTimestamp: now,
      players: [{ puuid, gameName, tagLine: 'EUW' }],
    });
    nextGame[index] = (nextGame[index] ?? now) + GAME_EVERY_MS;
  }
  return now - steadyFrom >= STEADY_MS;
});
const steadyHours = (clock.now() - steadyFrom) / 3_600_000;
const perHour = (endpoint: keyof typeof before) =>
  ((fake.calls[endpoint] - before[endpoint]) / steadyHours).toFixed(0);
console.log(
  `steady state: ${perHour('total')} calls per hour (league ${perHour('league')}, lists ` +
    `${perHour('matchIds')}, matches ${perHour('match')}; ${played} games played over ` +
    `${steadyHours.toFixed(1)} h)`,
);

// 3. The League tab once warm: its three calls, one tab at a time, members at random.
const callsBeforeTabs = fake.calls.total;
const latencies: number[] = [];
for (let view = 0; view < TAB_VIEWS; view++) {
  const cookie = cookies[view % cookies.length] ?? '';
  const member = members[(view * 37) % members.length];
  if (!member) throw new Error('no member to view');
  const urls = [
    `/api/ranks/lol/${member.id}`,
    `/api/games/lol/${member.id}?since=${Date.now() - LEAGUE_STATS_WINDOW_MS}&limit=100`,
    `/api/games/lol/${member.id}?limit=5`,
  ];
  await Promise.all(
    urls.map(async (url) => {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      latencies.push(performance.now() - start);
    }),
  );
}
latencies.sort((a, b) => a - b);
const quantile = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(
  `League tab once warm: ${latencies.length} calls, p50 ${quantile(0.5).toFixed(1)} ms, ` +
    `p95 ${quantile(0.95).toFixed(1)} ms, max ${quantile(1).toFixed(1)} ms, Riot calls ${fake.calls.total - callsBeforeTabs}`,
);
console.log(`answers 429 from Riot over the whole run: ${fake.limitViolations}`);
console.log(`(wall clock: ${((Date.now() - started) / 1000).toFixed(0)} s)`);

await app.close();
await database.close();
await fake.close();
