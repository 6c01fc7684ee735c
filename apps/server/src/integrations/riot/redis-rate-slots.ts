import { randomUUID } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { RateSlotStore, SlotWindow } from './rate-slots.js';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    riotRateTake(...keysThenArgs: (string | number)[]): Result<number, Context>;
    riotRateAnswered(...keysThenArgs: (string | number)[]): Result<null, Context>;
    riotRateTopUp(...keysThenArgs: (string | number)[]): Result<null, Context>;
  }
}

/*
 * Each window is two sorted sets, its calls in flight and its answered calls, scored by when their
 * place expires (ms of Redis's clock). A script runs alone: the check and the take are one step
 * for every instance. KEYS come in pairs, in flight then answered, one pair per window.
 */
const HELPERS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local function held(flying, answered)
  redis.call('ZREMRANGEBYSCORE', flying, '-inf', now)
  redis.call('ZREMRANGEBYSCORE', answered, '-inf', now)
  return redis.call('ZCARD', flying), redis.call('ZCARD', answered)
end
local function hold(key, member, expiresAt)
  redis.call('ZADD', key, expiresAt, member)
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', key, last[2])
end
`;

/** ARGV: id, inFlightMs, then limit and spanMs per window. Answers 0 (taken), a wait, or -1. */
const TAKE = `${HELPERS}
local wait = 0
for i = 1, #KEYS / 2 do
  local limit = tonumber(ARGV[1 + 2 * i])
  local inFlight, answered = held(KEYS[2 * i - 1], KEYS[2 * i])
  if inFlight >= limit then return -1 end
  local over = inFlight + answered - limit
  if over >= 0 then
    local leaving = redis.call('ZRANGE', KEYS[2 * i], over, over, 'WITHSCORES')
    wait = math.max(wait, tonumber(leaving[2]) - now, 1)
  end
end
if wait > 0 then return wait end
for i = 1, #KEYS / 2 do
  hold(KEYS[2 * i - 1], ARGV[1], now + tonumber(ARGV[2]) + tonumber(ARGV[2 + 2 * i]))
end
return 0
`;

/** ARGV: id, then spanMs per window. */
const ANSWERED = `${HELPERS}
for i = 1, #KEYS / 2 do
  redis.call('ZREM', KEYS[2 * i - 1], ARGV[1])
  hold(KEYS[2 * i], ARGV[1], now + tonumber(ARGV[1 + i]))
end
`;

/** ARGV: a prefix for new members, then count and spanMs per window. */
const TOP_UP = `${HELPERS}
for i = 1, #KEYS / 2 do
  local inFlight, answered = held(KEYS[2 * i - 1], KEYS[2 * i])
  for n = 1, tonumber(ARGV[2 * i]) - inFlight - answered do
    hold(KEYS[2 * i], ARGV[1] .. n, now + tonumber(ARGV[1 + 2 * i]))
  end
end
`;

const PREFIX = 'guildhall:riot-rate:';

/** Redis, when REDIS_URL is set: every instance takes its places in the same windows. */
export function redisRateSlots(redis: Redis): RateSlotStore {
  redis.defineCommand('riotRateTake', { lua: TAKE });
  redis.defineCommand('riotRateAnswered', { lua: ANSWERED });
  redis.defineCommand('riotRateTopUp', { lua: TOP_UP });
  const keysOf = (windows: readonly SlotWindow[]) =>
    windows.flatMap((window) => [
      `${PREFIX}${window.key}:flying`,
      `${PREFIX}${window.key}:answered`,
    ]);
  return {
    async take(id, windows, inFlightMs) {
      if (windows.length === 0) return 0;
      const keys = keysOf(windows);
      const limits = windows.flatMap((window) => [window.limit, window.spanMs]);
      const wait = await redis.riotRateTake(
        keys.length,
        ...keys,
        id,
        Math.ceil(inFlightMs),
        ...limits,
      );
      return wait < 0 ? Infinity : wait;
    },
    async answered(id, windows) {
      if (windows.length === 0) return;
      const keys = keysOf(windows);
      await redis.riotRateAnswered(
        keys.length,
        ...keys,
        id,
        ...windows.map((window) => window.spanMs),
      );
    },
    async topUp(counts) {
      if (counts.length === 0) return;
      const keys = keysOf(counts.map(({ window }) => window));
      const args = counts.flatMap(({ window, count }) => [count, window.spanMs]);
      await redis.riotRateTopUp(keys.length, ...keys, `riot:${randomUUID()}:`, ...args);
    },
  };
}
