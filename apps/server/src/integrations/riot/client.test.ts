import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RiotConfig } from '../../config.js';
import { memoryRiotCache } from './cache.js';
import { RiotClient, type RiotRequest } from './client.js';
import { RiotNotConfiguredError, RiotUnavailableError } from './errors.js';

const config = (overrides: Partial<RiotConfig> = {}): RiotConfig => ({
  apiKey: 'RGAPI-test',
  platform: 'euw1',
  platformUrl: undefined,
  regionalUrl: undefined,
  timeoutMs: 5_000,
  ...overrides,
});

const rateHeaders = { 'X-App-Rate-Limit': '20:1,100:120', 'X-App-Rate-Limit-Count': '1:1,1:120' };
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...rateHeaders, ...headers },
  });

function setUp(options: { config?: Partial<RiotConfig>; now?: () => number } = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  const cache = memoryRiotCache(options.now);
  const log = { warn: vi.fn(), error: vi.fn() };
  const client = new RiotClient({ config: config(options.config), cache, fetch, log });
  return { client, fetch, cache, log };
}

const entries: RiotRequest<string[]> = {
  host: 'platform',
  method: 'league-v4.entries-by-puuid',
  path: '/lol/league/v4/entries/by-puuid/abc',
  schema: z.array(z.string()),
  cacheFor: 60_000,
};

describe('RiotClient', () => {
  it('calls the platform host with the key, and the regional host for matches', async () => {
    const { client, fetch } = setUp();
    fetch.mockImplementation(async () => answer(200, []));
    await client.get(entries);
    await client.get({
      ...entries,
      host: 'match',
      path: '/lol/match/v5/matches/by-puuid/abc/ids',
      query: { type: 'ranked', start: 0, count: 100, startTime: undefined },
    });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://euw1.api.riotgames.com/lol/league/v4/entries/by-puuid/abc',
      'https://europe.api.riotgames.com/lol/match/v5/matches/by-puuid/abc/ids?type=ranked&start=0&count=100',
    ]);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('x-riot-token')).toBe('RGAPI-test');
  });

  it('merges identical calls in flight into one', async () => {
    const { client, fetch } = setUp();
    let release!: (response: Response) => void;
    fetch.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    const first = client.get(entries);
    const second = client.get(entries);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    release(answer(200, ['RANKED']));
    expect(await first).toEqual(['RANKED']);
    expect(await second).toEqual(['RANKED']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('serves a repeat from the cache until it expires', async () => {
    let now = 1_000_000;
    const { client, fetch } = setUp({ now: () => now });
    fetch.mockImplementation(async () => answer(200, ['x']));
    await client.get(entries);
    await client.get(entries);
    expect(fetch).toHaveBeenCalledTimes(1);
    now += 60_001;
    await client.get(entries);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says when Riot gave an answer, the cached one keeping its time', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { client, fetch } = setUp({ now: () => now });
      fetch.mockImplementation(async () => answer(200, ['x']));
      expect(await client.getTimed(entries)).toEqual({ value: ['x'], fetchedAt: 1_000_000 });
      now += 30_000;
      expect(await client.getTimed(entries)).toEqual({ value: ['x'], fetchedAt: 1_000_000 });
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('asks again past a cached answer older than freshAfter, and caches the new one', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { client, fetch } = setUp({ now: () => now });
      fetch.mockImplementation(async () => answer(200, ['x']));
      await client.get(entries);
      now += 10_000;
      const fresh = await client.getTimed({ ...entries, freshAfter: now - 1 });
      expect(fresh.fetchedAt).toBe(now);
      expect(fetch).toHaveBeenCalledTimes(2);
      // The new answer is newer than the refresh: it is served from the cache.
      await client.get({ ...entries, freshAfter: now - 1 });
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('answers null for a 404, and does not cache it', async () => {
    const { client, fetch, cache } = setUp();
    fetch.mockImplementation(async () => answer(404, { status: { status_code: 404 } }));
    expect(await client.get(entries)).toBeNull();
    expect(cache.entries.size).toBe(0);
  });

  it('refuses without a key, without calling Riot', async () => {
    const { client, fetch } = setUp({ config: { apiKey: undefined } });
    await expect(client.get(entries)).rejects.toBeInstanceOf(RiotNotConfiguredError);
    expect(client.configured).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [500, 'upstream_error'],
    [503, 'upstream_error'],
    [403, 'refused_key'],
  ])('turns a %i into riot_unavailable (%s)', async (status, reason) => {
    const { client, fetch } = setUp();
    fetch.mockImplementation(async () => answer(status, { status: { status_code: status } }));
    const error = await client.get(entries).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RiotUnavailableError);
    expect(error).toMatchObject({ statusCode: 503, code: 'riot_unavailable', reason });
  });

  it('logs a refused key as an error: the operator must renew it', async () => {
    const { client, fetch, log } = setUp();
    fetch.mockImplementation(async () => answer(401, {}));
    await client.get(entries).catch(() => undefined);
    expect(log.error).toHaveBeenCalled();
  });

  it('turns an answer of another shape into riot_unavailable', async () => {
    const { client, fetch } = setUp();
    fetch.mockImplementation(async () => answer(200, { not: 'a list' }));
    await expect(client.get(entries)).rejects.toMatchObject({ reason: 'unexpected_answer' });
  });

  it('retries after a 429 once Retry-After has passed', async () => {
    const { client, fetch } = setUp();
    fetch
      .mockImplementationOnce(async () =>
        answer(429, {}, { 'Retry-After': '0', 'X-Rate-Limit-Type': 'method' }),
      )
      .mockImplementation(async () => answer(200, ['after']));
    expect(await client.get(entries)).toEqual(['after']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fails fast when Retry-After is beyond the budget of the call', async () => {
    const { client, fetch } = setUp({ config: { timeoutMs: 5_000 } });
    fetch.mockImplementation(async () =>
      answer(429, {}, { 'Retry-After': '120', 'X-Rate-Limit-Type': 'application' }),
    );
    // Busy, not down: riot_rate_limited, with the wait Riot asked for.
    const error = await client.get(entries).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ reason: 'rate_limited', code: 'riot_rate_limited' });
    expect((error as RiotUnavailableError).retryAfterSeconds).toBeGreaterThan(110);
    expect((error as RiotUnavailableError).retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The whole application waits: the next call does not even try.
    await expect(client.get({ ...entries, path: '/other' })).rejects.toMatchObject({
      reason: 'rate_limited',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up on a call that outlives its timeout', async () => {
    const { client, fetch } = setUp({ config: { timeoutMs: 50 } });
    fetch.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)),
        ),
    );
    await expect(client.get(entries)).rejects.toMatchObject({
      code: 'riot_unavailable',
      reason: 'timeout',
    });
  });

  it('turns a network failure into riot_unavailable', async () => {
    const { client, fetch } = setUp();
    fetch.mockRejectedValue(new TypeError('fetch failed'));
    await expect(client.get(entries)).rejects.toMatchObject({ reason: 'network' });
  });
});
