import { APEX_TIERS, RANKED_QUEUES, type LeagueTier, type RankedQueue } from '@guildhall/contract';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { leagueSnapshots, riotAccounts, riotCache, users } from '../../db/schema.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import type { RiotLeagueEntry } from '../../integrations/riot/dto.js';
import { RiotUnavailableError } from '../../integrations/riot/errors.js';
import { organizationDay } from '../organization/time-zone.js';
import { announce } from '../happenings.js';
import { rankStep } from './rank-ladder.js';
import { ranksRequest } from './league-requests.js';

/*
 * Daily snapshots of every linked League account's ranks (decision 041): Riot keeps no history,
 * so the profile draws the member's LP from these, and League points are granted from them.
 */

/**
 * Accounts asked per tick, one after the other. At one tick a minute (for all instances together)
 * that is 10 calls a minute, 20 of a development key's 100 per two minutes (a fifth), and 14,400
 * accounts a day.
 */
export const SNAPSHOT_ACCOUNTS_PER_TICK = 10;
/** Ranks Riot gave this recently are taken as they are kept, without a call. */
const SNAPSHOT_RANKS_FRESH_MS = 10 * 60_000;

/** An account asked today, ranked or not, is not asked again today: kept in the Riot cache. */
const askedKey = (day: string, puuid: string) => `league-snapshot:v1:${day}:${puuid}`;
const ASKED_KEEP_MS = 48 * 3_600_000;

interface Logger {
  warn(details: object, message: string): void;
}

export interface SnapshotTickReport {
  day: string;
  /** Accounts whose ranks Riot gave (ranked or not). */
  asked: number;
  /** Snapshots written (one per ranked queue). */
  written: number;
  /** Riot refused or failed: these accounts, and the rest of the tick, wait for a later tick. */
  postponed: number;
}

/**
 * The linked accounts not asked yet today, at most `limit`: every member's League logins with a
 * PUUID, in an order that changes every day (a key too small for every account in one day does
 * not always leave out the same ones). An account two members list is snapshotted for one. The
 * marks of accounts asked are read in the riot_cache table itself, where the server's Riot cache
 * keeps them: one query, however many accounts were asked today (the day in the key makes an
 * expired mark harmless).
 */
async function accountsDue(db: Db, day: string, limit: number) {
  const puuid = sql<string>`${riotAccounts.puuid}`;
  return db
    .select({ puuid, userId: sql<string>`min(${users.id})` })
    .from(users)
    .innerJoin(
      riotAccounts,
      sql`${riotAccounts.riotIdKey} = any(array(select lower(trim(login)) from unnest(${users.leagueoflegendsLogin}) as login))`,
    )
    .where(
      and(
        isNotNull(riotAccounts.puuid),
        sql`not exists (select 1 from ${riotCache} where ${riotCache.key} = ${askedKey(day, '')} || ${riotAccounts.puuid})`,
        sql`not exists (select 1 from ${leagueSnapshots} where ${leagueSnapshots.puuid} = ${riotAccounts.puuid} and ${leagueSnapshots.takenOn} = ${day})`,
      ),
    )
    .groupBy(riotAccounts.puuid)
    .orderBy(sql`md5(${riotAccounts.puuid} || ${day})`)
    .limit(limit);
}

/** Which way the rank moved since the account's snapshot before in the queue; null if it did not. */
async function changeSincePrevious(
  tx: Db,
  {
    puuid,
    queue,
    day,
    tier,
    division,
  }: { puuid: string; queue: RankedQueue; day: string; tier: string; division: string | null },
): Promise<'up' | 'down' | null> {
  const [previous] = await tx
    .select({ tier: leagueSnapshots.tier, division: leagueSnapshots.division })
    .from(leagueSnapshots)
    .where(
      and(
        eq(leagueSnapshots.puuid, puuid),
        eq(leagueSnapshots.queue, queue),
        lt(leagueSnapshots.takenOn, day),
      ),
    )
    .orderBy(desc(leagueSnapshots.takenOn))
    .limit(1);
  const before = previous && rankStep(previous.tier, previous.division);
  const after = rankStep(tier, division);
  if (before === undefined || after === undefined || before === after) return null;
  return after > before ? 'up' : 'down';
}

/**
 * Writes the day's snapshot of each ranked queue of the account, and grants the League points
 * of each one written, in one transaction. A snapshot already taken that day (by another
 * instance) is left as it is and grants nothing. Returns the number written.
 */
export async function recordSnapshots(
  db: Db,
  account: { userId: string; puuid: string },
  entries: readonly RiotLeagueEntry[],
  { day, now }: { day: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    for (const queue of RANKED_QUEUES) {
      const entry = entries.find((candidate) => candidate.queueType === queue);
      if (!entry?.tier) continue;
      // Riot sends 'I' for the tiers without divisions.
      const division = APEX_TIERS.includes(entry.tier as LeagueTier) ? null : entry.rank || null;
      const rank = { puuid: account.puuid, queue, day, tier: entry.tier, division };
      const inserted = await tx
        .insert(leagueSnapshots)
        .values({
          id: newId(),
          userId: account.userId,
          puuid: account.puuid,
          queue,
          takenOn: day,
          tier: entry.tier,
          division,
          leaguePoints: entry.leaguePoints,
          wins: entry.wins,
          losses: entry.losses,
          change: await changeSincePrevious(tx, rank),
          takenAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: leagueSnapshots.id });
      if (inserted.length === 0) continue;
      written++;
      await announce(tx, 'leagueRankRecorded', { ...rank, userId: account.userId, at: now });
    }
    return written;
  });
}

/**
 * One tick of the daily snapshots: up to `limit` accounts not asked yet today, one after the
 * other, through the Riot client (its shared rate limits, and the ranks the League tab cached in
 * the last ten minutes cost no call). A Riot failure leaves that account and the rest of the
 * tick for a later tick, never retried at once. Without a Riot key, nothing.
 */
export async function takeSnapshotTick({
  db,
  riot,
  log,
  now = new Date(),
  limit = SNAPSHOT_ACCOUNTS_PER_TICK,
}: {
  db: Db;
  riot: RiotClient;
  log?: Logger;
  now?: Date;
  limit?: number;
}): Promise<SnapshotTickReport> {
  const day = await organizationDay(db, now);
  const report: SnapshotTickReport = { day, asked: 0, written: 0, postponed: 0 };
  if (!riot.configured) return report;
  const due = await accountsDue(db, day, limit);
  for (const [index, account] of due.entries()) {
    let entries: RiotLeagueEntry[] | null;
    try {
      entries = await riot.get(
        ranksRequest(account.puuid, {
          // Ranks the warm job or a view had minutes ago are as good, but not yesterday's.
          freshAfter: now.getTime() - SNAPSHOT_RANKS_FRESH_MS,
          // Background work: within the background's share of the key, beside the warm job.
          background: true,
        }),
      );
    } catch (error) {
      if (!(error instanceof RiotUnavailableError)) throw error;
      report.postponed = due.length - index;
      log?.warn({ riot: { reason: error.reason } }, 'League snapshots postponed: Riot unavailable');
      break;
    }
    report.asked++;
    report.written += await recordSnapshots(db, account, entries ?? [], { day, now });
    await riot.cache.write(askedKey(day, account.puuid), { at: now.getTime() }, ASKED_KEEP_MS);
  }
  return report;
}
