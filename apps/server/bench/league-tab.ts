// A member's League tab, cold then warm: latency of the calls the tab makes (ranks, the 15-day
// window, the first page of history) and the number of calls made to Riot, against the local
// fake of Riot's API (on PGlite, in memory). Prints figures and asserts nothing.
//   npm run bench:league -w @guildhall/server
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LEAGUE_STATS_WINDOW_MS } from '@guildhall/contract';
import { buildApp } from '../src/app.js';
import { openPglite } from '../src/db/client.js';
import { unlockVault } from '../src/services/vault/keyring.js';
import { seedFakeRiotDemo, startFakeRiot } from '../test/fakes/fake-riot.js';
import { buildMember, sessionCookieFor } from '../test/helpers/factories.js';
import { testConfig } from '../test/helpers/test-app.js';

const RIOT_IDS = ['Kaelith#EUW', 'Nyra#EUW'];

const fake = await startFakeRiot();
seedFakeRiotDemo(fake, RIOT_IDS);
const database = await openPglite(undefined);
await database.migrate();
const config = testConfig({ ...fake.env(), LOG_LEVEL: 'silent' });
const vault = await unlockVault(database.db, randomBytes(32));
const app = await buildApp({ config, database, vault, logger: false, webRoot: '/nonexistent' });
const member = await buildMember(database.db, { leagueoflegendsLogin: RIOT_IDS });
const cookie = await sessionCookieFor(database.db, config, member);

/** What the League tab asks when it opens. */
const tabCalls = () => [
  `/api/ranks/lol/${member.id}`,
  `/api/games/lol/${member.id}?since=${Date.now() - LEAGUE_STATS_WINDOW_MS}&limit=100`,
  `/api/games/lol/${member.id}?limit=5`,
];

async function openTab(label: string) {
  fake.resetCalls();
  const started = performance.now();
  const timings = await Promise.all(
    tabCalls().map(async (url) => {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return performance.now() - start;
    }),
  );
  const total = performance.now() - started;
  console.log(
    `${label.padEnd(8)} tab ${total.toFixed(1).padStart(8)} ms   slowest call ${Math.max(...timings)
      .toFixed(1)
      .padStart(8)} ms   Riot calls ${String(fake.calls.total).padStart(4)} ` +
      `(account ${fake.calls.account}, league ${fake.calls.league}, ids ${fake.calls.matchIds}, matches ${fake.calls.match})   over the limits ${fake.limitViolations}`,
  );
}

console.log(
  `League tab of a member with ${RIOT_IDS.length} Riot IDs, 30 games each (fake Riot API)\n`,
);
await openTab('cold');
await openTab('warm');
await openTab('warm');
await app.close();
await database.close();
await fake.close();
