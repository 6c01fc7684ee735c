import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  leagueEntry,
  matchPayload,
  type FakeMatchSpec,
  type FakeRank,
  type FakeRiotAccount,
} from './fake-riot-payloads.js';

export type { FakeMatchSpec, FakePlayer, FakeRank, FakeRiotAccount } from './fake-riot-payloads.js';

export type FakeRiotEndpoint = 'account' | 'league' | 'matchIds' | 'match';

export interface FakeRiotBehaviour {
  /**
   * error: 500; slow: answers after `delayMs`; rate-limited: 429 with Retry-After
   * (`retryAfterSeconds`) and X-Rate-Limit-Type (`rateLimitType`).
   */
  failure: 'none' | 'error' | 'slow' | 'rate-limited';
  /** The endpoints that fail; all of them when empty. */
  failOnly: FakeRiotEndpoint[];
  /** Fail this many answers, then answer normally again; 0 fails until told otherwise. */
  failTimes: number;
  delayMs: number;
  retryAfterSeconds: number;
  rateLimitType: 'application' | 'method' | 'service';
  /** The key's limits, enforced like Riot does (429 beyond them) and sent on every answer. */
  appRateLimit: string;
  methodRateLimits: Record<FakeRiotEndpoint, string>;
}

export const FAKE_RIOT_API_KEY = 'RGAPI-fake-0000-0000-0000-000000000000';

/**
 * Another key the fake accepts, with limits of its own as at Riot: so that a test's calls are
 * never counted with another test's by a rate-limit store that outlives it (Redis).
 */
export const newFakeRiotApiKey = () => `RGAPI-fake-${randomUUID()}`;

const defaultBehaviour = (): FakeRiotBehaviour => ({
  failure: 'none',
  failOnly: [],
  failTimes: 0,
  delayMs: 10_000,
  retryAfterSeconds: 1,
  rateLimitType: 'application',
  appRateLimit: '20:1,100:120',
  // Riot's method limits of a development key, roughly.
  methodRateLimits: {
    account: '1000:60',
    league: '100:60',
    matchIds: '2000:10',
    match: '2000:10',
  },
});

export interface FakeRiotRequest {
  endpoint: FakeRiotEndpoint;
  /** platform or regional: the host Guildhall called. */
  host: string;
  path: string;
  query: URLSearchParams;
}

export interface FakeRiot {
  url: string;
  behaviour: FakeRiotBehaviour;
  /** Calls answered or refused, per endpoint. */
  calls: Record<FakeRiotEndpoint | 'total', number>;
  requests: FakeRiotRequest[];
  /** Calls beyond the key's rate limits (answered 429): Guildhall should cause none. */
  limitViolations: number;
  addAccount(account: FakeRiotAccount): FakeRiotAccount;
  setRanks(puuid: string, ranks: FakeRank[]): void;
  addMatch(spec: FakeMatchSpec): void;
  resetCalls(): void;
  setBehaviour(changes: Partial<FakeRiotBehaviour>): void;
  /** Counters and behaviour back to the start; the data stays. */
  reset(): void;
  /** Settings for Guildhall that point it at this fake (with a key unless `apiKey: false`). */
  env(options?: { apiKey?: boolean }): Record<string, string>;
  close(): Promise<void>;
}

interface CountedWindow {
  limit: number;
  ms: number;
  start: number;
  count: number;
}

/**
 * A local stand-in for Riot's API: account-v1 by Riot ID, league-v4 entries by PUUID, match-v5
 * ids by PUUID and match by id, answering in Riot's documented shapes with its rate-limit
 * headers. The platform host is served under /platform and the regional one under /regional
 * (a call on the wrong host gets 404, as at Riot). POST /__control changes its behaviour and
 * data; GET /__control reads its counters.
 */
export async function startFakeRiot(
  port = 0,
  /** Riot's clock for its rate windows: a faster one in the benchmark of the warm job. */
  { now = Date.now }: { now?: () => number } = {},
): Promise<FakeRiot> {
  const accounts = new Map<string, FakeRiotAccount>();
  const ranks = new Map<string, FakeRank[]>();
  const matches = new Map<string, ReturnType<typeof matchPayload>>();
  const windows = new Map<string, CountedWindow[]>();
  let failuresLeft = 0;

  const emptyCalls = () => ({ account: 0, league: 0, matchIds: 0, match: 0, total: 0 });
  const fake: FakeRiot = {
    url: '',
    behaviour: defaultBehaviour(),
    calls: emptyCalls(),
    requests: [],
    limitViolations: 0,
    addAccount(account) {
      accounts.set(`${account.gameName}#${account.tagLine}`.toLowerCase(), account);
      return account;
    },
    setRanks: (puuid, given) => void ranks.set(puuid, given),
    addMatch: (spec) => void matches.set(spec.matchId, matchPayload(spec)),
    resetCalls() {
      fake.calls = emptyCalls();
      fake.requests = [];
      fake.limitViolations = 0;
      windows.clear();
    },
    setBehaviour: (changes) => setBehaviour(changes),
    reset() {
      fake.resetCalls();
      setBehaviour(defaultBehaviour());
    },
    env: ({ apiKey = true } = {}) => ({
      ...(apiKey && { RIOT_API_KEY: FAKE_RIOT_API_KEY }),
      RIOT_PLATFORM_URL: `${fake.url}/platform`,
      RIOT_REGIONAL_URL: `${fake.url}/regional`,
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const setBehaviour = (changes: Partial<FakeRiotBehaviour>) => {
    fake.behaviour = { ...fake.behaviour, ...changes };
    failuresLeft = fake.behaviour.failTimes;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', fake.url);
    if (url.pathname === '/__control') return control(request, response);
    const [, host = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const route = routeOf(path);
    if (request.method !== 'GET' || !route) return riotError(response, 404, 'Not found');
    fake.calls[route.endpoint]++;
    fake.calls.total++;
    fake.requests.push({ endpoint: route.endpoint, host, path, query: url.searchParams });

    const token = request.headers['x-riot-token'];
    if (!token) return riotError(response, 401, 'Unauthorized');
    if (typeof token !== 'string' || !token.startsWith('RGAPI-fake-')) {
      return riotError(response, 403, 'Forbidden');
    }
    const expectedHost = route.endpoint === 'league' ? 'platform' : 'regional';
    if (host !== expectedHost) return riotError(response, 404, 'Not found');

    const headers = countCall(token, host, route.endpoint);
    const { failure, failOnly } = fake.behaviour;
    const failing =
      failure !== 'none' && (failOnly.length === 0 || failOnly.includes(route.endpoint));
    if (failing && fake.behaviour.failTimes > 0 && failuresLeft-- <= 0) {
      setBehaviour({ failure: 'none', failTimes: 0 });
    } else if (failing) {
      if (failure === 'error') return riotError(response, 500, 'Internal server error', headers);
      if (failure === 'rate-limited') {
        return rateLimited(response, headers, fake.behaviour.rateLimitType, [
          fake.behaviour.retryAfterSeconds,
        ]);
      }
      await new Promise((resolve) => setTimeout(resolve, fake.behaviour.delayMs));
      if (response.destroyed) return;
    }
    if (headers.exceeded) {
      fake.limitViolations++;
      return rateLimited(response, headers, headers.exceeded.type, [headers.exceeded.retryAfter]);
    }
    return answer(route, url.searchParams, response, headers.values);
  };

  const answer = (
    route: NonNullable<ReturnType<typeof routeOf>>,
    query: URLSearchParams,
    response: ServerResponse,
    headers: Record<string, string>,
  ) => {
    switch (route.endpoint) {
      case 'account': {
        const account = accounts.get(`${route.gameName}#${route.tagLine}`.toLowerCase());
        if (!account) {
          return riotError(
            response,
            404,
            `Data not found - No results found for player with riot id ${route.gameName}#${route.tagLine}`,
            { values: headers },
          );
        }
        return json(response, 200, account, headers);
      }
      case 'league':
        return json(
          response,
          200,
          (ranks.get(route.puuid) ?? []).map((rank) => leagueEntry(route.puuid, rank)),
          headers,
        );
      case 'matchIds': {
        const count = Number(query.get('count') ?? 20);
        const start = Number(query.get('start') ?? 0);
        if (!Number.isInteger(count) || count < 0 || count > 100) {
          return riotError(response, 400, 'Bad request - count must be 0 to 100', {
            values: headers,
          });
        }
        const startTime = query.get('startTime');
        const endTime = query.get('endTime');
        const queue = query.get('queue');
        const ranked = query.get('type') === 'ranked';
        const ids = [...matches.values()]
          .filter((match) => match.metadata.participants.includes(route.puuid))
          .filter((match) => !ranked || [420, 440].includes(match.info.queueId))
          .filter((match) => !queue || match.info.queueId === Number(queue))
          .filter(
            (match) => !startTime || match.info.gameStartTimestamp >= Number(startTime) * 1000,
          )
          .filter((match) => !endTime || match.info.gameStartTimestamp <= Number(endTime) * 1000)
          .sort((a, b) => b.info.gameStartTimestamp - a.info.gameStartTimestamp)
          .slice(start, start + count)
          .map((match) => match.metadata.matchId);
        return json(response, 200, ids, headers);
      }
      case 'match': {
        const match = matches.get(route.matchId);
        if (!match)
          return riotError(response, 404, 'Data not found - match file not found', {
            values: headers,
          });
        return json(response, 200, match, headers);
      }
    }
  };

  /** Riot's fixed windows, per key: one starts with the first call after the last one ended. */
  const countCall = (apiKey: string, host: string, endpoint: FakeRiotEndpoint) => {
    const at = now();
    const values: Record<string, string> = {};
    let exceeded: { type: 'application' | 'method'; retryAfter: number } | undefined;
    const scopes = [
      {
        type: 'application' as const,
        key: `${apiKey} ${host}`,
        limits: fake.behaviour.appRateLimit,
        header: 'X-App-Rate-Limit',
      },
      {
        type: 'method' as const,
        key: `${apiKey} ${host} ${endpoint}`,
        limits: fake.behaviour.methodRateLimits[endpoint],
        header: 'X-Method-Rate-Limit',
      },
    ];
    for (const scope of scopes) {
      const counted =
        windows.get(scope.key) ??
        scope.limits.split(',').map((pair) => {
          const [limit, seconds] = pair.split(':').map(Number);
          return { limit: limit!, ms: seconds! * 1000, start: at, count: 0 };
        });
      windows.set(scope.key, counted);
      for (const window of counted) {
        if (at >= window.start + window.ms) {
          window.start = at;
          window.count = 0;
        }
        window.count++;
        if (window.count > window.limit && !exceeded) {
          exceeded = {
            type: scope.type,
            retryAfter: Math.ceil((window.start + window.ms - at) / 1000),
          };
        }
      }
      values[scope.header] = scope.limits;
      values[`${scope.header}-Count`] = counted
        .map((window) => `${window.count}:${window.ms / 1000}`)
        .join(',');
    }
    return { values, exceeded };
  };

  const rateLimited = (
    response: ServerResponse,
    headers: { values: Record<string, string> },
    type: FakeRiotBehaviour['rateLimitType'],
    [retryAfter]: [number],
  ) =>
    riotError(response, 429, 'Rate limit exceeded', {
      values: {
        ...headers.values,
        'X-Rate-Limit-Type': type,
        // The underlying service sends no Retry-After.
        ...(type !== 'service' && { 'Retry-After': String(retryAfter) }),
      },
    });

  const control = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'POST') {
      const body = JSON.parse((await readBody(request)) || '{}') as {
        behaviour?: Partial<FakeRiotBehaviour>;
        reset?: boolean;
        accounts?: FakeRiotAccount[];
        ranks?: { puuid: string; ranks: FakeRank[] }[];
        matches?: FakeMatchSpec[];
      };
      if (body.reset) fake.reset();
      if (body.behaviour) setBehaviour(body.behaviour);
      for (const account of body.accounts ?? []) fake.addAccount(account);
      for (const { puuid, ranks: given } of body.ranks ?? []) fake.setRanks(puuid, given);
      for (const spec of body.matches ?? []) fake.addMatch(spec);
    }
    return json(response, 200, {
      behaviour: fake.behaviour,
      calls: fake.calls,
      limitViolations: fake.limitViolations,
    });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => riotError(response, 500, 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function routeOf(path: string) {
  let match = /^\/riot\/account\/v1\/accounts\/by-riot-id\/([^/]+)\/([^/]+)$/.exec(path);
  if (match) {
    return {
      endpoint: 'account' as const,
      gameName: decodeURIComponent(match[1]!),
      tagLine: decodeURIComponent(match[2]!),
    };
  }
  match = /^\/lol\/league\/v4\/entries\/by-puuid\/([^/]+)$/.exec(path);
  if (match) return { endpoint: 'league' as const, puuid: decodeURIComponent(match[1]!) };
  match = /^\/lol\/match\/v5\/matches\/by-puuid\/([^/]+)\/ids$/.exec(path);
  if (match) return { endpoint: 'matchIds' as const, puuid: decodeURIComponent(match[1]!) };
  match = /^\/lol\/match\/v5\/matches\/([^/]+)$/.exec(path);
  if (match) return { endpoint: 'match' as const, matchId: decodeURIComponent(match[1]!) };
  return undefined;
}

function riotError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: { values: Record<string, string> } = { values: {} },
): void {
  json(response, status, { status: { message, status_code: status } }, headers.values);
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  response
    .writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers })
    .end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A PUUID-like id (78 characters, as Riot's) derived from a Riot ID, the same on every run. */
export function fakePuuid(riotId: string): string {
  const digest = (salt: string) =>
    createHash('sha256').update(`${salt}:${riotId.toLowerCase()}`).digest('base64url');
  return `${digest('a')}${digest('b')}`.slice(0, 78);
}

/**
 * A Gold II player of EUW with these ranked games: the League warm job's test and benchmark.
 * Returns the account's PUUID.
 */
export function addGoldPlayer(
  fake: FakeRiot,
  gameName: string,
  games: { matchId: string; gameStartTimestamp: number }[],
): string {
  const puuid = fakePuuid(`${gameName}#EUW`);
  fake.addAccount({ puuid, gameName, tagLine: 'EUW' });
  fake.setRanks(puuid, [
    {
      queueType: 'RANKED_SOLO_5x5',
      tier: 'GOLD',
      rank: 'II',
      leaguePoints: 40,
      wins: 9,
      losses: 7,
    },
  ]);
  for (const game of games) {
    fake.addMatch({ ...game, players: [{ puuid, gameName, tagLine: 'EUW' }] });
  }
  return puuid;
}

const DEMO_TIERS = ['IRON', 'BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'EMERALD', 'DIAMOND', 'MASTER'];
const DEMO_CHAMPIONS = [
  'Ahri',
  'Jinx',
  'LeeSin',
  'Thresh',
  'Garen',
  'Lux',
  'Yasuo',
  'Ezreal',
  // Internal names that differ from the display names ('FiddleSticks': not even the picture's).
  'FiddleSticks',
  'Chogath',
  'KSante',
  'DrMundo',
];
const DEMO_ITEMS = [3031, 3006, 1038, 3046, 3072, 3153, 3089, 3157, 6672, 0];

/**
 * Accounts, ranks and 30 ranked games (one every 11 hours, back from now) for each Riot ID,
 * the same on every run: for local demos and browser tests. The newest game is a remake (101 s,
 * ended by an early surrender) and the one before it is played on Wukong ('MonkeyKing').
 */
export function seedFakeRiotDemo(fake: FakeRiot, riotIds: readonly string[], now = Date.now()) {
  riotIds.forEach((riotId, accountIndex) => {
    const [gameName = riotId, tagLine = 'EUW'] = riotId.split('#');
    const puuid = fakePuuid(riotId);
    fake.addAccount({ puuid, gameName, tagLine });
    const seed = createHash('sha256').update(riotId).digest();
    const tier = DEMO_TIERS[seed[0]! % DEMO_TIERS.length]!;
    const solo = {
      queueType: 'RANKED_SOLO_5x5',
      tier,
      rank: tier === 'MASTER' ? 'I' : ['I', 'II', 'III', 'IV'][seed[1]! % 4]!,
      leaguePoints: seed[2]! % 100,
      wins: 20 + (seed[3]! % 80),
      losses: 20 + (seed[4]! % 80),
    };
    const flex = { ...solo, queueType: 'RANKED_FLEX_SR', leaguePoints: seed[5]! % 100 };
    // Some accounts are unranked, some play solo queue only.
    fake.setRanks(puuid, seed[6]! % 5 === 0 ? [] : seed[7]! % 2 === 0 ? [solo, flex] : [solo]);
    for (let game = 0; game < 30; game++) {
      const byte = (offset: number) => seed[(game + offset) % seed.length]!;
      fake.addMatch({
        matchId: `EUW1_${7_000_000_000 + accountIndex * 1_000 + game}`,
        gameStartTimestamp: now - (game + 1) * 11 * 3_600_000 - accountIndex * 60_000,
        gameDuration: game === 0 ? 101 : 1_200 + byte(1) * 4,
        queueId: game % 4 === 3 ? 440 : 420,
        remake: game === 0,
        players: [
          {
            puuid,
            gameName,
            tagLine,
            championName:
              game === 1 ? 'MonkeyKing' : DEMO_CHAMPIONS[byte(2) % DEMO_CHAMPIONS.length]!,
            // A remake ends before anyone dies: what used to read as a "perfect KDA".
            kills: game === 0 ? 0 : byte(3) % 14,
            deaths: game % 9 === 0 ? 0 : byte(4) % 10,
            assists: game === 0 ? 1 : byte(5) % 18,
            win: byte(6) % 2 === 0,
            items: Array.from({ length: 7 }, (_, slot) =>
              slot === 6 ? 3340 : DEMO_ITEMS[(byte(slot + 7) + slot) % DEMO_ITEMS.length]!,
            ),
          },
        ],
      });
    }
  });
}
