import { describe, expect, it, vi } from 'vitest';
import {
  RateLimitWaitTooLongError,
  RiotRateLimiter,
  parseRateCounts,
  parseRateLimits,
  parseRetryAfter,
  type Clock,
} from './rate-limiter.js';
import { memoryRateSlots, type RateSlotStore } from './rate-slots.js';

/** Time that moves only when every waiter is asleep: the earliest timer fires next. */
class FakeClock implements Clock {
  time = 1_000_000;
  private timers: { at: number; wake: () => void }[] = [];

  now = () => this.time;

  sleep = (ms: number) =>
    new Promise<void>((wake) => this.timers.push({ at: this.time + ms, wake }));

  /** Runs until no promise is pending and no timer is left. */
  async runAll(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.timers.length === 0) return;
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers.shift()!;
      this.time = Math.max(this.time, next.at);
      next.wake();
    }
  }
}

const key = { route: 'euw1', method: 'league-v4.entries-by-puuid' };
/** Riot answering at once with `status` and these headers. */
const answering =
  (status: number, values: Record<string, string> = {}) =>
  () =>
    Promise.resolve({ status, headers: new Headers(values) });
const ok = answering(200);

/** The most calls found in any span of `ms` (a span starting at each call). */
function busiest(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.max(
    ...sorted.map((start) => sorted.filter((time) => time >= start && time < start + ms).length),
  );
}

describe('rate-limit headers', () => {
  it('reads limits and counts written count:seconds', () => {
    expect(parseRateLimits('20:1,100:120')).toEqual([
      { limit: 20, ms: 1_000 },
      { limit: 100, ms: 120_000 },
    ]);
    expect(parseRateCounts('3:1,41:120')).toEqual(
      new Map([
        [1_000, 3],
        [120_000, 41],
      ]),
    );
  });

  it('ignores what it cannot read', () => {
    expect(parseRateLimits(null)).toEqual([]);
    expect(parseRateLimits('junk, 5:x, :3, 10:10')).toEqual([{ limit: 10, ms: 10_000 }]);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('7', 0)).toBe(7_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});

/** A call that takes `ms` between leaving and Riot's answer; resolves with when it left and when it was answered. */
async function call(
  limiter: RiotRateLimiter,
  clock: FakeClock,
  options: { key?: typeof key; deadline?: number; ms?: number } = {},
): Promise<{ sent: number; answered: number }> {
  let sent = 0;
  await limiter.send(options.key ?? key, options.deadline ?? Infinity, async () => {
    sent = clock.now();
    await clock.sleep(options.ms ?? 40);
    return { status: 200, headers: new Headers() };
  });
  return { sent, answered: clock.now() };
}

/** Runs calls with time moving, and answers their times. */
async function run<T>(clock: FakeClock, calls: Promise<T>[]): Promise<T[]> {
  const all = Promise.all(calls);
  await clock.runAll();
  return all;
}

describe('RiotRateLimiter', () => {
  it("never exceeds a development key's 20 per second and 100 per 2 minutes", async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock, marginMs: 0 });
    const start = clock.now();
    const calls = await run(
      clock,
      Array.from({ length: 250 }, (_, index) =>
        call(limiter, clock, {
          key: { route: 'europe', method: index % 2 ? 'match-v5.match' : 'match-v5.ids' },
          ms: 10 + (index % 7) * 30,
        }),
      ),
    );
    expect(calls).toHaveLength(250);
    // Riot counts a call when it arrives: anywhere between leaving and the answer.
    for (const times of [calls.map((one) => one.sent), calls.map((one) => one.answered)]) {
      expect(busiest(times, 1_000)).toBeLessThanOrEqual(20);
      expect(busiest(times, 120_000)).toBeLessThanOrEqual(100);
    }
    // …and does not wait longer than it must: the first 100 go within 6 seconds.
    expect(calls.filter((one) => one.sent < start + 6_000)).toHaveLength(100);
  });

  it('keeps a call in flight in the windows until it is answered', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock, defaultAppLimits: '2:1', marginMs: 0 });
    const answers: (() => void)[] = [];
    const slowly = () =>
      new Promise<{ status: number; headers: Headers }>((resolve) =>
        answers.push(() => resolve({ status: 200, headers: new Headers() })),
      );
    const slow = [limiter.send(key, Infinity, slowly), limiter.send(key, Infinity, slowly)];
    await clock.runAll();
    expect(answers).toHaveLength(2);
    let left = false;
    const third = limiter.send(key, Infinity, () => {
      left = true;
      return ok();
    });
    clock.time += 10_000;
    await new Promise((resolve) => setImmediate(resolve));
    expect(left).toBe(false);
    answers[0]!();
    await slow[0];
    clock.time += 1_000;
    await run(clock, [third]);
    expect(left).toBe(true);
    answers[1]!();
    await slow[1];
  });

  it('gives up waiting for calls in flight at the deadline', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock, defaultAppLimits: '1:1' });
    // A call that Riot never answers holds its place.
    void limiter.send(key, Infinity, () => new Promise<never>(() => undefined));
    const waiting = limiter.send(key, clock.now() + 2_000, ok).catch((error: unknown) => error);
    await clock.runAll();
    expect(await waiting).toBeInstanceOf(RateLimitWaitTooLongError);
  });

  it('counts each routing value apart, as Riot does', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    for (let index = 0; index < 20; index++) {
      await limiter.send({ route: 'euw1', method: 'a' }, clock.now(), ok);
      await limiter.send({ route: 'europe', method: 'b' }, clock.now(), ok);
    }
    await expect(limiter.send({ route: 'euw1', method: 'a' }, clock.now(), ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
  });

  it("takes the key's limits from Riot's answers", async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock, marginMs: 0 });
    await limiter.send(
      key,
      clock.now(),
      answering(200, { 'X-App-Rate-Limit': '3:1', 'X-App-Rate-Limit-Count': '1:1' }),
    );
    await limiter.send(key, clock.now(), ok);
    await limiter.send(key, clock.now(), ok);
    await expect(limiter.send(key, clock.now(), ok)).rejects.toThrow(RateLimitWaitTooLongError);
    const [later] = await run(clock, [limiter.send(key, clock.now() + 1_000, ok)]);
    expect(later).toBeDefined();
  });

  it('applies method limits to their method only', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    await limiter.send(
      key,
      clock.now(),
      answering(200, { 'X-Method-Rate-Limit': '1:10', 'X-Method-Rate-Limit-Count': '1:10' }),
    );
    await expect(limiter.send(key, clock.now() + 5_000, ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
    await limiter.send({ ...key, method: 'match-v5.match' }, clock.now(), ok);
  });

  it('counts calls Riot saw and we did not make (another instance of Guildhall)', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    await limiter.send(
      key,
      clock.now(),
      answering(200, {
        'X-App-Rate-Limit': '20:1,100:120',
        'X-App-Rate-Limit-Count': '19:1,99:120',
      }),
    );
    await limiter.send(key, clock.now(), ok);
    await expect(limiter.send(key, clock.now() + 60_000, ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
  });

  it('waits out an application-wide 429 for every method', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    const { retryAfterMs } = await limiter.send(
      key,
      clock.now(),
      answering(429, { 'Retry-After': '5', 'X-Rate-Limit-Type': 'application' }),
    );
    expect(retryAfterMs).toBe(5_000);
    const asked = clock.now();
    await run(clock, [limiter.send({ ...key, method: 'other' }, Infinity, ok)]);
    expect(clock.now() - asked).toBeGreaterThanOrEqual(5_000);
  });

  it('waits out a method-wide 429 for that method only', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    await limiter.send(
      key,
      clock.now(),
      answering(429, { 'Retry-After': '30', 'X-Rate-Limit-Type': 'method' }),
    );
    await limiter.send({ ...key, method: 'other' }, clock.now(), ok);
    await expect(limiter.send(key, clock.now() + 29_000, ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
    const start = clock.now();
    await run(clock, [limiter.send(key, Infinity, ok)]);
    expect(clock.now() - start).toBeGreaterThanOrEqual(30_000);
  });

  it('fails at once, without waiting, when the wait is longer than the budget', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    await limiter.send(
      key,
      clock.now(),
      answering(429, { 'Retry-After': '120', 'X-Rate-Limit-Type': 'application' }),
    );
    const before = clock.now();
    let sent = false;
    const error = await limiter
      .send(key, clock.now() + 5_000, () => {
        sent = true;
        return ok();
      })
      .catch((caught: unknown) => caught);
    expect(sent).toBe(false);
    expect(error).toBeInstanceOf(RateLimitWaitTooLongError);
    expect((error as RateLimitWaitTooLongError).waitMs).toBe(120_000);
    expect(clock.now()).toBe(before);
  });

  it('backs off a second when the underlying service says 429 without Retry-After', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock });
    const answered = await limiter.send(
      key,
      clock.now(),
      answering(429, { 'X-Rate-Limit-Type': 'service' }),
    );
    expect(answered.retryAfterMs).toBe(1_000);
    expect(answered.answer.status).toBe(429);
    await expect(limiter.send(key, clock.now() + 900, ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
  });

  it('lets background calls fill their share of each window only, and views the rest', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock, defaultAppLimits: '10:120', marginMs: 0 });
    const background = { ...key, share: 0.6 };
    for (let call = 0; call < 6; call++) await limiter.send(background, clock.now(), ok);
    // The seventh background call would wait two minutes: it fails at once.
    await expect(limiter.send(background, clock.now() + 5_000, ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
    // A member's view still has four places of the window, and no more.
    for (let call = 0; call < 4; call++) await limiter.send(key, clock.now(), ok);
    await expect(limiter.send(key, clock.now() + 5_000, ok)).rejects.toThrow(
      RateLimitWaitTooLongError,
    );
  });

  it('frees the place of a call that failed, and lets the failure through', async () => {
    const clock = new FakeClock();
    const limiter = new RiotRateLimiter({ clock, defaultAppLimits: '1:1', marginMs: 0 });
    const failure = new Error('socket hang up');
    await expect(limiter.send(key, clock.now(), () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    const [later] = await run(clock, [limiter.send(key, clock.now() + 1_000, ok)]);
    expect(later?.answer.status).toBe(200);
  });
});

describe('RiotRateLimiter on a shared store', () => {
  it('keeps two instances sharing a store within the limits together', async () => {
    const clock = new FakeClock();
    const store = memoryRateSlots(clock);
    const instances = [0, 1].map(() => new RiotRateLimiter({ clock, store, marginMs: 0 }));
    const calls = await run(
      clock,
      Array.from({ length: 60 }, (_, index) =>
        call(instances[index % 2]!, clock, { ms: 10 + (index % 5) * 40 }),
      ),
    );
    for (const times of [calls.map((one) => one.sent), calls.map((one) => one.answered)]) {
      expect(busiest(times, 1_000)).toBeLessThanOrEqual(20);
    }
  });

  it('counts in this process while the shared store is unreachable', async () => {
    const clock = new FakeClock();
    const unreachable = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    const store: RateSlotStore = {
      take: () => Promise.reject(unreachable),
      answered: () => Promise.reject(unreachable),
      topUp: () => Promise.reject(unreachable),
    };
    const log = { warn: vi.fn() };
    const limiter = new RiotRateLimiter({ clock, store, log, defaultAppLimits: '2:1' });
    await limiter.send(key, clock.now(), ok);
    await limiter.send(key, clock.now(), ok);
    await expect(limiter.send(key, clock.now(), ok)).rejects.toThrow(RateLimitWaitTooLongError);
    expect(log.warn).toHaveBeenCalledWith({ err: unreachable }, expect.any(String));
  });
});
