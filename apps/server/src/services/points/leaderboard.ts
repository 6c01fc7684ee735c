import {
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
} from '@guildhall/contract';
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pointTotals, seasons, teamRoleMembers, teamRoles, users } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { currentSeason, organizationDay } from './seasons.js';

/** Totals of the team's members only: a member in two of its roles counts once. */
const inTeam = (teamId: string): SQL =>
  sql`exists (select 1 from ${teamRoleMembers} join ${teamRoles} on ${teamRoles.id} = ${teamRoleMembers.roleId}
    where ${teamRoles.teamId} = ${teamId} and ${teamRoleMembers.userId} = ${pointTotals.userId})`;

/**
 * A season's ranking, a page at a time, with the caller's own line. Members with equal totals
 * share a place: an entry's place is one more than the count of totals above it, which the
 * page's order gives without ranking every member (index `(season_id, points)`).
 */
export async function leaderboard(
  db: Db,
  {
    viewerId,
    seasonId,
    teamId,
    page,
    now = new Date(),
  }: { viewerId: string; seasonId?: string; teamId?: string; page: number; now?: Date },
): Promise<Leaderboard> {
  const today = await organizationDay(db, now);
  let season = seasonId ? undefined : await currentSeason(db, now);
  if (seasonId) {
    const [row] = await db.select().from(seasons).where(eq(seasons.id, seasonId));
    if (!row) throw notFound('season_not_found', 'No season has this id');
    season = {
      _id: row.id,
      name: row.name,
      starts_on: row.startsOn,
      ends_on: row.endsOn,
      current: row.startsOn <= today && today <= row.endsOn,
    };
  }
  const empty = { entries: [], total: 0, page, page_size: LEADERBOARD_PAGE_SIZE, me: null };
  if (!season) return { season: null, ...empty };

  const ranked = and(eq(pointTotals.seasonId, season._id), teamId ? inTeam(teamId) : undefined);
  const above = (points: number) =>
    db
      .select({ value: count() })
      .from(pointTotals)
      .where(and(ranked, gt(pointTotals.points, points)))
      .then(([row]) => row?.value ?? 0);
  const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
  const [rows, [totalRow], [mine]] = await Promise.all([
    db
      .select({ userId: pointTotals.userId, pseudo: users.pseudo, points: pointTotals.points })
      .from(pointTotals)
      .innerJoin(users, eq(users.id, pointTotals.userId))
      .where(ranked)
      .orderBy(desc(pointTotals.points), pointTotals.userId)
      .offset(offset)
      .limit(LEADERBOARD_PAGE_SIZE),
    db.select({ value: count() }).from(pointTotals).where(ranked),
    db
      .select({ pseudo: users.pseudo, points: pointTotals.points })
      .from(pointTotals)
      .innerJoin(users, eq(users.id, pointTotals.userId))
      .where(and(ranked, eq(pointTotals.userId, viewerId))),
  ]);

  const entries: LeaderboardEntry[] = [];
  const first = rows[0];
  const firstPlace = first ? (await above(first.points)) + 1 : 0;
  rows.forEach((row, index) => {
    const previous = entries[index - 1];
    const place =
      index === 0
        ? firstPlace
        : previous && rows[index - 1]?.points === row.points
          ? previous.place
          : offset + index + 1;
    entries.push({ place, member: { _id: row.userId, pseudo: row.pseudo }, points: row.points });
  });
  const me = mine
    ? {
        place: (await above(mine.points)) + 1,
        member: { _id: viewerId, pseudo: mine.pseudo },
        points: mine.points,
      }
    : null;
  return {
    season,
    entries,
    total: totalRow?.value ?? 0,
    page,
    page_size: LEADERBOARD_PAGE_SIZE,
    me,
  };
}
