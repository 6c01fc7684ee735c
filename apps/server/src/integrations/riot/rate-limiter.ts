/**
 * Riot's rate limits, kept on our side so that Guildhall waits instead of being refused.
 *
 * A key has application limits (every call of the key, per routing value) and method limits
 * (per endpoint, per routing value), each a list of windows: "20:1,100:120" is 20 calls per
 * second and 100 per two minutes. Every answer names the limits (X-App-Rate-Limit,
 * X-Method-Rate-Limit) and how many calls Riot counted in each window (…-Count). A 429 says
 * which limit was hit (X-Rate-Limit-Type) and for how long to stop (Retry-After, seconds).
 *
 * Each window holds the calls in flight and the calls answered: Riot counts a call when it
 * arrives, at some moment between sending and answering, so a call takes its place when it leaves
 * and keeps it until a window has passed since its answer. A call goes when every window of its
 * application and of its method has room; Riot's counts, when higher than ours (a restart,
 * another user of the key), are added as calls answered now. Windows are counted slightly longer
 * than Riot's (`marginMs`) for clocks and rounding.
 *
 * The places live in a store (rate-slots.ts): this process's memory, or PostgreSQL when
 * several instances share the key, whose limits are one. Taking a place in every window is one
 * atomic step of the store, so that instances starting at once never exceed a window together.
 * The limits Riot announced and its 429s (Retry-After) are kept by each process: they only
 * ever make it wait longer.
 */

import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from './clock.js';
import {
  memoryRateSlots,
  type RateSlotStore,
  type SlotWindow,
  type WindowCount,
} from './rate-slots.js';

export { systemClock, type Clock } from './clock.js';

export interface RateWindow {
  limit: number;
  ms: number;
}

/** A development key's limits, assumed until Riot's first answer says otherwise. */
export const DEVELOPMENT_KEY_LIMITS = '20:1,100:120';

/** Retry-After is missing on a 429 of the underlying service: back off this long. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

export interface HeaderSource {
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

/** A bucket's windows, named for the store: `${bucket}:${window length}`. */
class Bucket {
  /** Until a 429's Retry-After has passed: kept by the process that received it. */
  blockedUntil = 0;

  constructor(
    private readonly name: string,
    private windows: RateWindow[],
  ) {}

  /** `share` of each window's limit (background calls leave the rest to on-demand ones). */
  slotWindows(margin: number, share = 1): SlotWindow[] {
    return this.windows.map((window) => {
      const slot = this.slotWindow(window, margin);
      return share >= 1 ? slot : { ...slot, limit: Math.max(1, Math.floor(slot.limit * share)) };
    });
  }

  /** Riot's limits replace ours (the places of windows that stay are kept: same name). */
  observe(limits: RateWindow[]): void {
    if (limits.length > 0) this.windows = limits;
  }

  /** Riot's counts of our windows, to top the store up with. */
  counts(counts: Map<number, number>, margin: number): WindowCount[] {
    return this.windows.flatMap((window) => {
      const count = counts.get(window.ms);
      return count === undefined ? [] : [{ window: this.slotWindow(window, margin), count }];
    });
  }

  private slotWindow(window: RateWindow, margin: number): SlotWindow {
    return { key: `${this.name}:${window.ms}`, limit: window.limit, spanMs: window.ms + margin };
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
  /**
   * The call goes only while every window holds fewer than this share of its limit (background
   * work); on-demand calls (1, the default) may fill the rest. The same windows count both.
   */
  share?: number | undefined;
}

/** A call counted against the limits; `answered` when Riot has answered or the call is over. */
interface RatePermit {
  answered(): void;
}

/** What a call to Riot gives back: its status and headers are all the limiter reads. */
export interface RiotAnswer {
  status: number;
  headers: HeaderSource;
}

export interface RateLimiterOptions {
  clock?: Clock;
  /** Application limits before Riot's first answer. */
  defaultAppLimits?: string;
  marginMs?: number;
  /**
   * Where the places in the windows are kept: this process by default; PostgreSQL when
   * several instances share the key.
   */
  store?: RateSlotStore;
  /** Names the key in the store's windows: the windows of two keys never meet. */
  scope?: string;
  /**
   * How often to look again while calls in flight fill a window: an answer to another instance
   * wakes no one here.
   */
  pollMs?: number;
  log?: { warn(details: object, message: string): void };
}

/** A call keeps its places in flight this long at most: a process stopped mid-call frees them. */
const MAX_IN_FLIGHT_MS = 60_000;

/** One per process: every call to Riot goes through `send`. */
export class RiotRateLimiter {
  readonly clock: Clock;
  private readonly defaultAppLimits: RateWindow[];
  private readonly marginMs: number;
  private readonly store: RateSlotStore;
  /** Counts in this process while the shared store is unreachable, as before there was one. */
  private readonly fallback: RateSlotStore;
  private readonly scope: string;
  private readonly pollMs: number;
  private readonly log: RateLimiterOptions['log'];
  private readonly applications = new Map<string, Bucket>();
  private readonly methods = new Map<string, Bucket>();
  private waiters: (() => void)[] = [];

  constructor(options: RateLimiterOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.defaultAppLimits = parseRateLimits(options.defaultAppLimits ?? DEVELOPMENT_KEY_LIMITS);
    this.marginMs = options.marginMs ?? 100;
    this.fallback = memoryRateSlots(this.clock);
    this.store = options.store ?? this.fallback;
    this.scope = options.scope ?? 'riot';
    this.pollMs = options.pollMs ?? 100;
    this.log = options.log;
  }

  /**
   * The one way to call Riot: waits for a place in every window of the call, then `request`s it,
   * frees the place as answered when the answer (or a failure) comes, learns Riot's limits and
   * counts from the answer's headers and, for a 429, stops the application or the method until
   * Retry-After (`retryAfterMs`, for the caller's message). Rejects at once with
   * RateLimitWaitTooLongError when the call could not leave before `deadline`; a failure of
   * `request` passes through.
   */
  async send<A extends RiotAnswer>(
    key: RateLimitKey,
    deadline: number,
    request: () => Promise<A>,
  ): Promise<{ answer: A; retryAfterMs?: number }> {
    const permit = await this.acquire(key, deadline);
    let answer: A;
    try {
      answer = await request();
    } finally {
      permit.answered();
    }
    this.observe(key, answer.headers);
    if (answer.status !== 429) return { answer };
    return { answer, retryAfterMs: this.rateLimited(key, answer.headers) };
  }

  /**
   * Resolves when the call may leave, counting it, with the permit to hand back once Riot has
   * answered (or the call was given up); rejects at once with RateLimitWaitTooLongError when the
   * call could not leave before `deadline`.
   */
  private async acquire(key: RateLimitKey, deadline: number): Promise<RatePermit> {
    const application = this.application(key);
    const method = this.method(key);
    const id = randomUUID();
    for (;;) {
      let now = this.clock.now();
      let wait = Math.max(application.blockedUntil - now, method.blockedUntil - now, 0);
      if (wait <= 0) {
        // Read at each try: Riot's answers may have changed the limits meanwhile.
        const windows = [
          ...application.slotWindows(this.marginMs, key.share),
          ...method.slotWindows(this.marginMs, key.share),
        ];
        const inFlightMs = Math.max(0, Math.min(deadline - now, MAX_IN_FLIGHT_MS));
        const taken = await this.take(id, windows, inFlightMs);
        if (taken.wait <= 0) return this.permit(taken.store, id, windows);
        wait = taken.wait;
        now = this.clock.now();
      }
      if (wait !== Infinity && now + wait > deadline) throw new RateLimitWaitTooLongError(wait);
      if (now >= deadline) throw new RateLimitWaitTooLongError(wait);
      // Calls in flight fill a window: the next answer here frees a place, one to another
      // instance is seen at the next look, or the deadline passes.
      const sleep = Math.min(wait === Infinity ? this.pollMs : wait, deadline - now);
      const wakes = [new Promise<void>((wake) => this.waiters.push(wake))];
      if (Number.isFinite(sleep)) wakes.push(this.clock.sleep(sleep));
      await Promise.race(wakes);
    }
  }

  /** Reads the limits and counts of any answer of Riot (429 included). */
  private observe(key: RateLimitKey, headers: HeaderSource): void {
    const application = this.application(key);
    const method = this.method(key);
    application.observe(parseRateLimits(headers.get('x-app-rate-limit')));
    method.observe(parseRateLimits(headers.get('x-method-rate-limit')));
    // Riot's counts, when higher than the store's (a restart, another user of the key), are
    // added as calls answered now.
    const counts = [
      ...application.counts(parseRateCounts(headers.get('x-app-rate-limit-count')), this.marginMs),
      ...method.counts(parseRateCounts(headers.get('x-method-rate-limit-count')), this.marginMs),
    ];
    if (counts.length === 0) return;
    void this.store.topUp(counts).catch(() => this.fallback.topUp(counts));
  }

  /**
   * A 429: stops the application (X-Rate-Limit-Type: application) or the method (method, or
   * the underlying service) until Retry-After. Answers the wait in ms.
   */
  private rateLimited(key: RateLimitKey, headers: HeaderSource): number {
    const now = this.clock.now();
    const wait = parseRetryAfter(headers.get('retry-after'), now) ?? DEFAULT_RETRY_AFTER_MS;
    const bucket =
      headers.get('x-rate-limit-type') === 'application' ? this.application(key) : this.method(key);
    bucket.blockedUntil = Math.max(bucket.blockedUntil, now + wait);
    return wait;
  }

  private async take(
    id: string,
    windows: SlotWindow[],
    inFlightMs: number,
  ): Promise<{ store: RateSlotStore; wait: number }> {
    try {
      return { store: this.store, wait: await this.store.take(id, windows, inFlightMs) };
    } catch (error) {
      this.log?.warn({ err: error }, "Riot's shared rate limits are unreachable: counting here");
      return { store: this.fallback, wait: await this.fallback.take(id, windows, inFlightMs) };
    }
  }

  private permit(store: RateSlotStore, id: string, windows: SlotWindow[]): RatePermit {
    let open = true;
    return {
      answered: () => {
        if (!open) return;
        open = false;
        // Unrecorded, the places stay held in flight until they expire: later, never sooner.
        void store
          .answered(id, windows)
          .catch(() => undefined)
          .finally(() => this.wakeWaiters());
      },
    };
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private application(key: RateLimitKey): Bucket {
    let bucket = this.applications.get(key.route);
    if (!bucket) {
      bucket = new Bucket(`${this.scope}:app:${key.route}`, this.defaultAppLimits);
      this.applications.set(key.route, bucket);
    }
    return bucket;
  }

  private method(key: RateLimitKey): Bucket {
    const name = `${key.route} ${key.method}`;
    let bucket = this.methods.get(name);
    if (!bucket) {
      // Method limits are unknown until Riot's first answer; the application limits hold meanwhile.
      bucket = new Bucket(`${this.scope}:method:${key.route}:${key.method}`, []);
      this.methods.set(name, bucket);
    }
    return bucket;
  }
}
