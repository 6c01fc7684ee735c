import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RiotConfig } from '../../config.js';
import type { RiotCache } from './cache.js';
import { RiotNotConfiguredError, RiotUnavailableError, type RiotFailure } from './errors.js';
import { RateLimitWaitTooLongError, RiotRateLimiter, type RateLimitKey } from './rate-limiter.js';
import type { RateSlotStore } from './rate-slots.js';
import { isRiotPlatform, riotRoutes, type RiotHost, type RiotRoute } from './routing.js';

export interface RiotRequest<T> {
  host: RiotHost;
  /** The endpoint, for its rate limits: 'match-v5.match'. */
  method: string;
  /** Path with its parameters already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  schema: z.ZodType<T>;
  /** Keep the answer this long (ms), or for ever (null); not cached when absent. */
  cacheFor?: number | null;
  /**
   * A cached answer fetched before this time (epoch ms) is not used: the member asked for fresh
   * data then (a forced refresh of the League tab).
   */
  freshAfter?: number | undefined;
  /**
   * Background work (keeping League data warm): goes only within BACKGROUND_SHARE of each rate
   * window, leaving the rest to members' views, and fails fast without a log when that share
   * is used up (RiotUnavailableError rate_limited, with the wait in retryAfterMs).
   */
  background?: boolean;
}

/** The share of every rate window that background calls may use: the rest is kept for views. */
export const BACKGROUND_SHARE = 0.6;

/** An answer with the time Riot gave it: now, or when it was cached. */
export interface TimedAnswer<T> {
  /** null when Riot answered 404. */
  value: T | null;
  /** Epoch milliseconds. */
  fetchedAt: number;
}

interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RiotClientOptions {
  config: RiotConfig;
  cache: RiotCache;
  /** One limiter for the whole process; a new one by default, on `slots`. */
  limiter?: RiotRateLimiter;
  /** Where the limiter keeps its places: this process by default, PostgreSQL shared. */
  slots?: RateSlotStore;
  fetch?: typeof fetch;
  log?: Logger;
}

/** A 429 is waited out and retried while the call's budget allows, this many tries at most. */
const MAX_ATTEMPTS = 3;
/**
 * Bumped when the parsed shapes or the cached envelope change, so that old cached bodies are not
 * read. v2: the body is kept with the time it was fetched, and matches carry their champion key
 * and whether they were remade.
 */
const CACHE_VERSION = 'v2';

/** What the cache holds for each answer: the parsed body and when Riot gave it. */
const cachedEnvelopeSchema = z.object({ fetchedAt: z.number(), body: z.unknown() });

/**
 * Riot's API for the configured platform: rate limited, identical calls in flight merged, answers
 * cached, every call bounded by `timeoutMs` (waiting for the rate limits included).
 */
export class RiotClient {
  private readonly routes: Record<RiotHost, RiotRoute>;
  private readonly limiter: RiotRateLimiter;
  private readonly fetchImpl: typeof fetch;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly options: RiotClientOptions) {
    const { platform, platformUrl, regionalUrl } = options.config;
    if (!isRiotPlatform(platform)) throw new Error(`Unknown Riot platform ${platform}`);
    this.routes = riotRoutes({ platform, platformUrl, regionalUrl });
    this.limiter =
      options.limiter ??
      new RiotRateLimiter({
        store: options.slots,
        // Riot's limits are per key: a shared store counts each key apart, without holding it.
        scope: createHash('sha256')
          .update(options.config.apiKey ?? '')
          .digest('base64url')
          .slice(0, 16),
        log: options.log,
      });
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** Where the answers are kept; League services keep their refresh times there too. */
  get cache(): RiotCache {
    return this.options.cache;
  }

  get configured(): boolean {
    return Boolean(this.options.config.apiKey);
  }

  /** Throws RiotNotConfiguredError (503 riot_not_configured) without RIOT_API_KEY. */
  assertConfigured(): void {
    if (!this.configured) throw new RiotNotConfiguredError();
  }

  /** The answer parsed by `schema`, or null when Riot answers 404. */
  async get<T>(request: RiotRequest<T>): Promise<T | null> {
    return (await this.getTimed(request)).value;
  }

  /**
   * The cached answer of `request` as `getTimed` would give it, or undefined when nothing usable
   * is cached: never calls Riot. Reads asked in one turn share one query.
   */
  async peek<T>(request: RiotRequest<T>): Promise<TimedAnswer<T> | undefined> {
    return this.cached(this.addressOf(request).key, request);
  }

  private addressOf(request: RiotRequest<unknown>) {
    const route = this.routes[request.host];
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const query = search.size > 0 ? `?${search}` : '';
    return { route, query, key: `${CACHE_VERSION}:${route.name}${request.path}${query}` };
  }

  private async cached<T>(
    key: string,
    request: RiotRequest<T>,
  ): Promise<TimedAnswer<T> | undefined> {
    if (request.cacheFor === undefined) return undefined;
    const envelope = cachedEnvelopeSchema.safeParse(await this.options.cache.read(key));
    if (!envelope.success) return undefined;
    if (request.freshAfter !== undefined && envelope.data.fetchedAt < request.freshAfter) {
      return undefined;
    }
    const cached = request.schema.safeParse(envelope.data.body);
    return cached.success ? { value: cached.data, fetchedAt: envelope.data.fetchedAt } : undefined;
  }

  /** As `get`, with the time Riot gave the answer (earlier than now when it comes from the cache). */
  async getTimed<T>(request: RiotRequest<T>): Promise<TimedAnswer<T>> {
    this.assertConfigured();
    const { route, query, key } = this.addressOf(request);
    const running = this.inFlight.get(key);
    if (running) return running as Promise<TimedAnswer<T>>;
    const call = this.cachedOrFetched(
      key,
      `${route.baseUrl}${request.path}${query}`,
      route,
      request,
    );
    this.inFlight.set(key, call);
    try {
      return await call;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async cachedOrFetched<T>(
    key: string,
    url: string,
    route: RiotRoute,
    request: RiotRequest<T>,
  ): Promise<TimedAnswer<T>> {
    const cacheable = request.cacheFor !== undefined;
    const cached = await this.cached(key, request);
    if (cached) return cached;
    // The limiter's clock: the system's, or the benchmark's faster one.
    const fetchedAt = this.limiter.clock.now();
    const body = await this.fetchWithinBudget(url, {
      route: route.name,
      method: request.method,
      ...(request.background && { share: BACKGROUND_SHARE }),
    });
    if (body === null) return { value: null, fetchedAt };
    const parsed = request.schema.safeParse(body);
    if (!parsed.success) {
      throw this.unavailable('unexpected_answer', request.method, parsed.error.message);
    }
    if (cacheable) {
      await this.options.cache.write(
        key,
        { fetchedAt, body: parsed.data },
        request.cacheFor ?? null,
      );
    }
    return { value: parsed.data, fetchedAt };
  }

  /** The JSON body, or null for a 404; RiotUnavailableError when the budget runs out. */
  private async fetchWithinBudget(url: string, key: RateLimitKey): Promise<unknown> {
    const { clock } = this.limiter;
    const deadline = clock.now() + this.options.config.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      let retryAfterMs: number | undefined;
      try {
        ({ answer: response, retryAfterMs } = await this.limiter.send(key, deadline, () =>
          this.fetchImpl(url, {
            headers: {
              'X-Riot-Token': this.options.config.apiKey ?? '',
              accept: 'application/json',
            },
            signal: AbortSignal.timeout(Math.max(1, deadline - clock.now())),
          }),
        ));
      } catch (error) {
        if (error instanceof RateLimitWaitTooLongError) {
          // The background's share used up: expected, and said by the job's report.
          if (key.share !== undefined) {
            throw new RiotUnavailableError('rate_limited', undefined, error.waitMs);
          }
          throw this.unavailable('rate_limited', key.method, `wait of ${error.waitMs} ms`, {
            retryAfterMs: error.waitMs,
          });
        }
        throw this.unavailable(failureOf(error), key.method, String(error));
      }
      if (response.status === 429) {
        await response.body?.cancel().catch(() => undefined);
        if (attempt < MAX_ATTEMPTS) continue;
        throw this.unavailable('rate_limited', key.method, `429, retry after ${retryAfterMs} ms`, {
          retryAfterMs,
        });
      }
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        const refused = response.status === 401 || response.status === 403;
        throw this.unavailable(
          refused ? 'refused_key' : 'upstream_error',
          key.method,
          `status ${response.status}`,
        );
      }
      try {
        return await response.json();
      } catch (error) {
        const failure = failureOf(error);
        throw this.unavailable(failure === 'network' ? 'unexpected_answer' : failure, key.method);
      }
    }
  }

  private unavailable(
    reason: RiotFailure,
    method: string,
    detail?: string,
    { retryAfterMs }: { retryAfterMs?: number | undefined } = {},
  ): RiotUnavailableError {
    // A refused key is the operator's to fix (expired development key): say it loudly.
    const level = reason === 'refused_key' ? 'error' : 'warn';
    this.options.log?.[level]({ riot: { reason, method, detail } }, 'Riot API call failed');
    return new RiotUnavailableError(reason, detail, retryAfterMs);
  }
}

function failureOf(error: unknown): RiotFailure {
  const name = error instanceof Error ? error.name : '';
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
}
