import type { LeagueGamesPage, RankEntry } from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fakePuuid,
  newFakeRiotApiKey,
  startFakeRiot,
  type FakeRank,
  type FakeRiot,
} from '../fakes/fake-riot.js';
import { signedInAs } from '../helpers/factories.js';
import { engine } from '../helpers/test-database.js';
import { startEmbeddedDatabase, twoInstances, type TwoInstances } from './two-instances.js';
import { clientAs } from '../helpers/test-app.js';

beforeAll(startEmbeddedDatabase);

let riot: FakeRiot;
beforeAll(async () => {
  riot = await startFakeRiot();
});
afterAll(() => riot.close());

let instances: TwoInstances | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

const TIERS = ['IRON', 'BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'EMERALD'];
let matchNumber = 8_000_000_000;

/** A member whose Riot ID Riot knows, with a rank and two ranked games, saved through `app`. */
async function leaguePlayer(app: FastifyInstance, instance: TwoInstances, index: number) {
  const gameName = `P${randomBytes(4).toString('hex')}`;
  const riotId = `${gameName}#EUW`;
  const puuid = fakePuuid(riotId);
  riot.addAccount({ puuid, gameName, tagLine: 'EUW' });
  const rank: FakeRank = {
    queueType: 'RANKED_SOLO_5x5',
    tier: TIERS[index % TIERS.length]!,
    rank: 'II',
    leaguePoints: index,
    wins: 10,
    losses: 5,
  };
  riot.setRanks(puuid, [rank]);
  const matchIds = [1, 2].map((hoursAgo) => {
    const matchId = `EUW1_${++matchNumber}`;
    riot.addMatch({
      matchId,
      gameStartTimestamp: Date.now() - hoursAgo * 3_600_000,
      queueId: 420,
      players: [{ puuid, gameName, tagLine: 'EUW' }],
    });
    return matchId;
  });
  const { member, cookie } = await signedInAs(instance.database.db, instance.config, 'user');
  const saved = await clientAs({ app }, { cookie }).put(`/api/users/${member.id}`, {
    leagueoflegends_login: [riotId],
  });
  expect(saved.statusCode).toBe(200);
  return { id: member.id, gameName, tier: rank.tier, matchIds };
}

/**
 * Six members' League tabs (ranks and games) opened on both instances at the same moment: more
 * calls at once than a development key allows in a second, and each instance would let 20 go.
 */
async function openLeagueTabsOnBothInstances(instance: TwoInstances) {
  const [first, second] = instance.apps;
  const players: Awaited<ReturnType<typeof leaguePlayer>>[] = [];
  for (let index = 0; index < 6; index++) {
    players.push(await leaguePlayer(first, instance, index));
  }
  const viewer = await signedInAs(instance.database.db, instance.config, 'user');
  const view = (app: FastifyInstance, url: string) =>
    clientAs({ app }, { cookie: viewer.cookie }).get(url);
  const views = await Promise.all(
    [first, second].flatMap((app) =>
      players.map(async (player) => {
        const [ranks, games] = await Promise.all([
          view(app, `/api/ranks/lol/${player.id}`),
          view(app, `/api/games/lol/${player.id}?limit=2`),
        ]);
        return { player, ranks, games };
      }),
    ),
  );
  for (const { player, ranks, games } of views) {
    expect(ranks.statusCode).toBe(200);
    expect(ranks.json<RankEntry[]>()).toMatchObject([
      { gameName: player.gameName, rankData: { lol: { tier: player.tier, division: 'II' } } },
    ]);
    expect(games.statusCode).toBe(200);
    expect(games.json<LeagueGamesPage>().items.map((game) => game.matchId)).toEqual(
      player.matchIds,
    );
  }
}

describe("Riot's rate limits across instances", () => {
  // A development key's limits (20 per second, 100 per two minutes), with a key of this test's own.
  const env = () => ({
    ...riot.env(),
    RIOT_API_KEY: newFakeRiotApiKey(),
    RIOT_TIMEOUT_MS: '30000',
  });

  if (engine === 'postgres') {
    it('hold across two instances sharing PostgreSQL: Riot sees no call beyond them', async () => {
      riot.reset();
      instances = await twoInstances(env());
      await openLeagueTabsOnBothInstances(instances);
      expect(riot.calls.total).toBeGreaterThan(20);
      expect(riot.limitViolations).toBe(0);
    });
  } else {
    it('hold within the single instance of the embedded database', async () => {
      riot.reset();
      instances = await twoInstances(env());
      const [single] = instances.apps;
      // The embedded database serves one process: every tab is opened twice on it.
      await openLeagueTabsOnBothInstances({ ...instances, apps: [single, single] });
      expect(riot.calls.total).toBeGreaterThan(20);
      expect(riot.limitViolations).toBe(0);
    });
  }
});
