/**
 * Riot's rate limits, kept on our side so that Guildhall waits instead of being refused.
 *
 * A key has application limits (every call of the key, per routing value) and method limits
 * (per endpoint, per routing value), each a list of windows: "20:1,100:120" is 20 calls per
 * second and 100 per two minutes. Every answer names the limits (X-App-Rate-Limit,
 * X-Method-Rate-Limit) and how many calls Riot counted in each window (…-Count). A 429 says
 * which limit was hit (X-Rate-Limit-Type) and for how long to stop (Retry-After, seconds).
 *
 * Each window holds our calls in flight and the times our calls were answered: Riot counts a call
 * when it arrives, at some moment between sending and answering, so a call takes its place when
 * it leaves and keeps it until a window has passed since its answer. A call goes when every
 * window of its application and of its method has room; Riot's counts, when higher than ours
 * (another instance, a restart), are added as calls answered now. Windows are counted slightly
 * longer than Riot's (`marginMs`) for clocks and rounding.
 */

export interface RateWindow {
  limit: number;
  ms: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/** A development key's limits, assumed until Riot's first answer says otherwise. */
export const DEVELOPMENT_KEY_LIMITS = '20:1,100:120';

/** Retry-After is missing on a 429 of the underlying service: back off this long. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

interface HeaderSource {
  get(name: string): string | null;
}

/** "20:1,100:120" → windows; malformed parts are ignored. */
export function parseRateLimits(header: string | null | undefined): RateWindow[] {
  return parsePairs(header)
    .filter(([limit]) => limit > 0)
    .map(([limit, seconds]) => ({ limit, ms: seconds * 1_000 }));
}

/** "3:1,40:120" (count:seconds) → count per window length in ms. */
export function parseRateCounts(header: string | null | undefined): Map<number, number> {
  return new Map(parsePairs(header).map(([count, seconds]) => [seconds * 1_000, count]));
}

function parsePairs(header: string | null | undefined): [number, number][] {
  return (header ?? '').split(',').flatMap((part) => {
    const pair = /^(\d+):(\d+)$/.exec(part.trim());
    return pair && Number(pair[2]) > 0
      ? [[Number(pair[1]), Number(pair[2])] as [number, number]]
      : [];
  });
}

/** Seconds (Riot sends whole seconds) or an HTTP date, in ms from now. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

class Window {
  /** When our finished calls were answered, oldest first. */
  private answered: number[] = [];

  constructor(
    public limit: number,
    readonly ms: number,
  ) {}

  /** How long until one more call fits; Infinity when it depends on calls still in flight. */
  waitMs(now: number, margin: number, inFlight: number): number {
    const span = this.ms + margin;
    this.answered = this.answered.filter((time) => time > now - span);
    if (this.answered.length + inFlight < this.limit) return 0;
    if (inFlight >= this.limit) return Infinity;
    // The answered call that must leave the window before one more fits.
    const leaving = this.answered[this.answered.length - (this.limit - inFlight)] ?? now;
    return Math.max(1, leaving + span - now);
  }

  record(now: number, times = 1): void {
    for (let index = 0; index < times; index++) this.answered.push(now);
  }

  count(now: number, margin: number, inFlight: number): number {
    return this.answered.filter((time) => time > now - this.ms - margin).length + inFlight;
  }
}

class Bucket {
  private windows: Window[];
  /** Calls sent and not answered yet: Riot may count them at any moment until they answer. */
  inFlight = 0;
  blockedUntil = 0;

  constructor(limits: RateWindow[]) {
    this.windows = limits.map((limit) => new Window(limit.limit, limit.ms));
  }

  waitMs(now: number, margin: number): number {
    return Math.max(
      this.blockedUntil - now,
      0,
      ...this.windows.map((window) => window.waitMs(now, margin, this.inFlight)),
    );
  }

  /** A call answered (or given up): it stays in the windows from now on. */
  answered(now: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    for (const window of this.windows) window.record(now);
  }

  /** Riot's limits replace ours (keeping the history of windows that stay); its counts top ours up. */
  observe(limits: RateWindow[], counts: Map<number, number>, now: number, margin: number): void {
    if (limits.length > 0) {
      this.windows = limits.map((limit) => {
        const kept = this.windows.find((window) => window.ms === limit.ms);
        if (!kept) return new Window(limit.limit, limit.ms);
        kept.limit = limit.limit;
        return kept;
      });
    }
    for (const window of this.windows) {
      const counted = counts.get(window.ms);
      if (counted === undefined) continue;
      const missing = counted - window.count(now, margin, this.inFlight);
      if (missing > 0) window.record(now, missing);
    }
  }
}

/** The wait the limits impose is longer than the call may take: fail now rather than hang. */
export class RateLimitWaitTooLongError extends Error {
  override name = 'RateLimitWaitTooLongError';
  constructor(readonly waitMs: number) {
    super(`Riot's rate limits need a wait of ${waitMs} ms`);
  }
}

export interface RateLimitKey {
  /** The routing value (euw1, europe...): Riot counts each one separately. */
  route: string;
  /** The endpoint, e.g. 'match-v5.match'. */
  method: string;
}

/** A call counted against the limits; `answered` when Riot has answered or the call is over. */
export interface RatePermit {
  answered(): void;
}

export interface RateLimiterOptions {
  clock?: Clock;
  /** Application limits before Riot's first answer. */
  defaultAppLimits?: string;
  marginMs?: number;
}

/** One per process: every call to Riot goes through `acquire`, and its answer through `observe`. */
export class RiotRateLimiter {
  readonly clock: Clock;
  private readonly defaultAppLimits: RateWindow[];
  private readonly marginMs: number;
  private readonly applications = new Map<string, Bucket>();
  private readonly methods = new Map<string, Bucket>();
  private waiters: (() => void)[] = [];

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.defaultAppLimits = parseRateLimits(options.defaultAppLimits ?? DEVELOPMENT_KEY_LIMITS);
    this.marginMs = options.marginMs ?? 100;
  }

  /**
   * Resolves when the call may leave, counting it, with the permit to hand back once Riot has
   * answered (or the call was given up); rejects at once with RateLimitWaitTooLongError when the
   * call could not leave before `deadline`.
   */
  async acquire(key: RateLimitKey, deadline: number): Promise<RatePermit> {
    const application = this.application(key);
    const method = this.method(key);
    for (;;) {
      const now = this.clock.now();
      const wait = Math.max(
        application.waitMs(now, this.marginMs),
        method.waitMs(now, this.marginMs),
      );
      if (wait <= 0) {
        application.inFlight++;
        method.inFlight++;
        let open = true;
        return {
          answered: () => {
            if (!open) return;
            open = false;
            const at = this.clock.now();
            application.answered(at);
            method.answered(at);
            this.wakeWaiters();
          },
        };
      }
      if (wait !== Infinity && now + wait > deadline) throw new RateLimitWaitTooLongError(wait);
      if (now >= deadline) throw new RateLimitWaitTooLongError(wait);
      // Calls in flight fill a window: the next answer frees a place, or the deadline passes.
      const sleep = Math.min(wait, deadline - now);
      const wakes = [new Promise<void>((wake) => this.waiters.push(wake))];
      if (Number.isFinite(sleep)) wakes.push(this.clock.sleep(sleep));
      await Promise.race(wakes);
    }
  }

  /** Reads the limits and counts of any answer of Riot (429 included). */
  observe(key: RateLimitKey, headers: HeaderSource): void {
    const now = this.clock.now();
    this.application(key).observe(
      parseRateLimits(headers.get('x-app-rate-limit')),
      parseRateCounts(headers.get('x-app-rate-limit-count')),
      now,
      this.marginMs,
    );
    this.method(key).observe(
      parseRateLimits(headers.get('x-method-rate-limit')),
      parseRateCounts(headers.get('x-method-rate-limit-count')),
      now,
      this.marginMs,
    );
  }

  /**
   * A 429: stops the application (X-Rate-Limit-Type: application) or the method (method, or
   * the underlying service) until Retry-After. Answers the wait in ms.
   */
  rateLimited(key: RateLimitKey, headers: HeaderSource): number {
    const now = this.clock.now();
    const wait = parseRetryAfter(headers.get('retry-after'), now) ?? DEFAULT_RETRY_AFTER_MS;
    const bucket =
      headers.get('x-rate-limit-type') === 'application' ? this.application(key) : this.method(key);
    bucket.blockedUntil = Math.max(bucket.blockedUntil, now + wait);
    return wait;
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private application(key: RateLimitKey): Bucket {
    let bucket = this.applications.get(key.route);
    if (!bucket) {
      bucket = new Bucket(this.defaultAppLimits);
      this.applications.set(key.route, bucket);
    }
    return bucket;
  }

  private method(key: RateLimitKey): Bucket {
    const name = `${key.route} ${key.method}`;
    let bucket = this.methods.get(name);
    if (!bucket) {
      // Method limits are unknown until Riot's first answer; the application limits hold meanwhile.
      bucket = new Bucket([]);
      this.methods.set(name, bucket);
    }
    return bucket;
  }
}
