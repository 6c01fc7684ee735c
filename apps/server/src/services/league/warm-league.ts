import { LEAGUE_STATS_WINDOW_MS } from '@guildhall/contract';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { riotAccounts, riotCache, sessions, users } from '../../db/schema.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { RiotUnavailableError } from '../../integrations/riot/errors.js';
import {
  FRESH_MARKER,
  gameStart,
  LEAGUE_KEEP_MS,
  LEAGUE_REFRESH_PERIOD_MS,
  matchIdsRequest,
  matchRequest,
  ranksRequest,
  VIEWED_MARKER,
} from './league-requests.js';

/*
 * Keeps every linked League account's ranks and recent games warm (decision 066), within the
 * background's share of the Riot key's limits (client.ts, BACKGROUND_SHARE): the League tab
 * reads what is kept, and asks Riot itself only for what was never fetched.
 */

/** Accounts looked at per run at most; a run usually ends sooner, its share of the key used. */
export const WARM_ACCOUNTS_PER_RUN = 200;
/** A member signed in, or a profile viewed, within this is "recently active": served first. */
const RECENT_MS = 7 * 24 * 3_600_000;
/** Match details read from the cache at once while walking an account's list. */
const CHUNK = 10;
/**
 * Ranks and lists Riot gave this recently are taken as they are: an account a run left halfway
 * (the share used up) or a view just fetched costs no second call.
 */
const RESUME_MS = 10 * 60_000;

export interface WarmTickReport {
  /** Accounts due (never refreshed, or older than LEAGUE_REFRESH_PERIOD_MS) when the run began. */
  due: number;
  /** Accounts refreshed by this run. */
  refreshed: number;
  /** The background's share of the key is used up: the next run may go after this (ms). */
  retryAfterMs?: number;
}

const marker = (prefix: string) =>
  sql<
    number | null
  >`(select (${riotCache.body}->>'at')::float8 from ${riotCache} where ${riotCache.key} = ${prefix} || ${riotAccounts.puuid})`.mapWith(
    (value) => (value === null ? null : Number(value)),
  );

/**
 * The linked accounts due, the most wanted first: those a view found stale since their last
 * refresh, then those of members active or viewed in the last week, then the rest; within each,
 * the stalest first (never refreshed before all). An account two members list is one account.
 */
export async function accountsToWarm(
  db: Db,
  now: number,
  limit: number,
): Promise<{ puuids: string[]; due: number }> {
  const freshAt = marker(FRESH_MARKER);
  const viewedAt = marker(VIEWED_MARKER);
  const recentSince = now - RECENT_MS;
  const priority = sql<number>`case
    when ${viewedAt} > coalesce(${freshAt}, 0) then 0
    when ${viewedAt} > ${recentSince}
      or max(${sessions.lastSeenAt}) > to_timestamp(${recentSince / 1000}) then 1
    else 2 end`;
  // Each member's logins as rows, joined to the accounts by key (a hash join, not a scan of
  // every login list for every account).
  const logins = db
    .select({
      userId: sql<string>`${users.id}`.as('member_id'),
      key: sql<string>`lower(trim(unnest(${users.leagueoflegendsLogin})))`.as('login_key'),
    })
    .from(users)
    .as('logins');
  const rows = await db
    .select({
      puuid: sql<string>`${riotAccounts.puuid}`,
      due: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(logins)
    .innerJoin(riotAccounts, sql`${riotAccounts.riotIdKey} = "logins"."login_key"`)
    .leftJoin(sessions, sql`${sessions.userId} = "logins"."member_id"`)
    .where(
      and(
        isNotNull(riotAccounts.puuid),
        sql`coalesce(${freshAt}, 0) < ${now - LEAGUE_REFRESH_PERIOD_MS}`,
      ),
    )
    .groupBy(riotAccounts.puuid)
    .orderBy(priority, sql`${freshAt} asc nulls first`, riotAccounts.puuid)
    .limit(limit);
  return { puuids: rows.map((row) => row.puuid), due: rows[0]?.due ?? 0 };
}

/**
 * One account: its ranks and its list of ranked games asked again, and the details of its games
 * of the statistics window not kept yet (a finished game never changes: each is asked once),
 * down to the first game older than the window, which tells a view where the window ends.
 */
async function warmAccount(riot: RiotClient, puuid: string, now: number): Promise<void> {
  const fresh = { freshAfter: now - RESUME_MS, background: true };
  await riot.get(ranksRequest(puuid, fresh));
  const ids = (await riot.get(matchIdsRequest(puuid, 0, fresh))) ?? [];
  const windowStart = now - LEAGUE_STATS_WINDOW_MS;
  walk: for (let from = 0; from < ids.length; from += CHUNK) {
    const chunk = ids.slice(from, from + CHUNK);
    const kept = await Promise.all(chunk.map((matchId) => riot.peek(matchRequest(matchId))));
    for (const [index, matchId] of chunk.entries()) {
      const match =
        kept[index]?.value ?? (await riot.get(matchRequest(matchId, { background: true })));
      if (match && gameStart(match) < windowStart) break walk;
    }
  }
  await riot.cache.write(`${FRESH_MARKER}${puuid}`, { at: now }, LEAGUE_KEEP_MS);
}

export interface WarmLeagueOptions {
  db: Db;
  riot: RiotClient;
  /** The time, read at each account (a fake one in the benchmark). */
  clock?: () => number;
  /** No account is started after this time (epoch ms, on `clock`). */
  until?: number;
  signal?: AbortSignal;
  limit?: number;
}

/**
 * One run of the warm job: the accounts due, the most wanted first, one after the other, until
 * none is left, the run's time is up, or the background's share of the key is used up (then the
 * account in hand and the rest wait for a later run; what was fetched is kept). Without a Riot
 * key, nothing.
 */
export async function warmLeague({
  db,
  riot,
  clock = Date.now,
  until = Infinity,
  signal,
  limit = WARM_ACCOUNTS_PER_RUN,
}: WarmLeagueOptions): Promise<WarmTickReport> {
  if (!riot.configured) return { due: 0, refreshed: 0 };
  const { puuids, due } = await accountsToWarm(db, clock(), limit);
  const report: WarmTickReport = { due, refreshed: 0 };
  for (const puuid of puuids) {
    if (signal?.aborted || clock() >= until) break;
    try {
      await warmAccount(riot, puuid, clock());
    } catch (error) {
      if (!(error instanceof RiotUnavailableError)) throw error;
      report.retryAfterMs = (error.retryAfterSeconds ?? 60) * 1_000;
      break;
    }
    report.refreshed++;
  }
  return report;
}
