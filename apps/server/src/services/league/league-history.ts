import { leagueRankValue, type LeagueHistory, type LeagueHistoryQuery } from '@guildhall/contract';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leagueSnapshots, riotAccounts } from '../../db/schema.js';
import { organizationDay } from '../organization/time-zone.js';
import { findUser } from '../users/find-user.js';

/** The calendar day `days` days before `day` (both YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The member's daily snapshots of one queue over the last `days` days (today included), oldest
 * first, every account of the member together: what Riot's API does not keep. Accounts the
 * member no longer lists stay in the history they made.
 */
export async function readLeagueHistory(
  db: Db,
  userId: string,
  { queue, days }: LeagueHistoryQuery,
  now = new Date(),
): Promise<LeagueHistory> {
  await findUser(db, userId);
  const from = daysBefore(await organizationDay(db, now), days - 1);
  // A renamed Riot ID leaves a row under its old name too: the latest resolved is Riot's now.
  const riotId = sql<string | null>`(
    select ${riotAccounts.gameName} || '#' || ${riotAccounts.tagLine} from ${riotAccounts}
    where ${riotAccounts.puuid} = ${leagueSnapshots.puuid}
    order by ${riotAccounts.resolvedAt} desc nulls last limit 1)`;
  const rows = await db
    .select({
      day: leagueSnapshots.takenOn,
      puuid: leagueSnapshots.puuid,
      riotId,
      tier: leagueSnapshots.tier,
      division: leagueSnapshots.division,
      leaguePoints: leagueSnapshots.leaguePoints,
      wins: leagueSnapshots.wins,
      losses: leagueSnapshots.losses,
    })
    .from(leagueSnapshots)
    .where(
      and(
        eq(leagueSnapshots.userId, userId),
        eq(leagueSnapshots.queue, queue),
        gte(leagueSnapshots.takenOn, from),
      ),
    )
    .orderBy(asc(leagueSnapshots.takenOn), asc(leagueSnapshots.puuid));
  return {
    queue,
    snapshots: rows.map((row) => ({
      ...row,
      riotId: row.riotId ?? '',
      division: row.division ?? '',
      value: leagueRankValue(row),
    })),
  };
}
