import {
  cutPage,
  type Leaderboard,
  type LeaderboardEntry,
  type Milestone,
} from '@guildhall/contract';
import { and, count, desc, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterCursor } from '../../db/keyset.js';
import {
  pointCounts,
  pointTotals,
  seasons,
  teamRoleMembers,
  teamRoles,
  users,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { listMilestones } from './milestones.js';
import { organizationDay } from '../organization/time-zone.js';
import { currentSeason } from './seasons.js';

/** Totals of the team's members only: a member in two of its roles counts once. */
const inTeam = (teamId: string): SQL =>
  sql`exists (select 1 from ${teamRoleMembers} join ${teamRoles} on ${teamRoles.id} = ${teamRoleMembers.roleId}
    where ${teamRoles.teamId} = ${teamId} and ${teamRoleMembers.userId} = ${pointTotals.userId})`;

/** Members of the season with a total above `points`: a sum over the counts by total. */
export async function membersAbove(db: Db, seasonId: string, points: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${pointCounts.members}), 0)::int` })
    .from(pointCounts)
    .where(and(eq(pointCounts.seasonId, seasonId), gt(pointCounts.points, points)));
  return row?.value ?? 0;
}

/** Members of the season with a total, whatever it is. */
export async function membersRanked(db: Db, seasonId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${pointCounts.members}), 0)::int` })
    .from(pointCounts)
    .where(eq(pointCounts.seasonId, seasonId));
  return row?.value ?? 0;
}

/**
 * The place of each of these totals: one more than the members with a higher total. Read from
 * the counts of members by total for the organisation, from the team's own totals for a team (a
 * team is a few dozen), in one query whatever the number of totals.
 */
async function placesOf(
  db: Db,
  seasonId: string,
  ranked: SQL | undefined,
  teamId: string | undefined,
  totals: readonly number[],
): Promise<(points: number) => number> {
  if (totals.length === 0) return () => 1;
  const lowest = Math.min(...totals);
  const counts = teamId
    ? await db
        .select({ points: pointTotals.points, members: count() })
        .from(pointTotals)
        .where(and(ranked, gte(pointTotals.points, lowest)))
        .groupBy(pointTotals.points)
    : await db
        .select({ points: pointCounts.points, members: pointCounts.members })
        .from(pointCounts)
        .where(and(eq(pointCounts.seasonId, seasonId), gte(pointCounts.points, lowest)));
  return (points) =>
    1 +
    counts.reduce(
      (above, row) => (Number(row.points) > points ? above + Number(row.members) : above),
      0,
    );
}

/** The highest of the milestones (lowest threshold first) that `points` reaches, if any. */
function milestoneOf(points: number, ascending: Milestone[]): Milestone | null {
  return ascending.findLast((milestone) => milestone.threshold <= points) ?? null;
}

/**
 * A season's ranking, a page at a time (decision 061: by keyset over the total, highest first,
 * then the member's id, as the index `point_totals_rank_idx` holds it), with the caller's own
 * line. Members with equal totals share a place: a line's place is one more than the count of
 * members with a higher total, the number the ranking card shows, whichever page it is on. Each
 * line carries the highest milestone its total reaches: the milestones (thirty at most) are read
 * once and matched here, so a page costs the same with or without them (decision 054).
 */
export async function leaderboard(
  db: Db,
  {
    viewerId,
    seasonId,
    teamId,
    cursor,
    limit,
    now = new Date(),
  }: {
    viewerId: string;
    seasonId?: string | undefined;
    teamId?: string | undefined;
    /** The line before the page: its total and its member. */
    cursor?: readonly [number, string] | undefined;
    limit: number;
    now?: Date;
  },
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
  if (!season) return { season: null, items: [], next_cursor: null, total: 0, me: null };

  const ranked = and(eq(pointTotals.seasonId, season._id), teamId ? inTeam(teamId) : undefined);
  const member = {
    pseudo: users.pseudo,
    avatarUrl: users.discordAvatarUrl,
    points: pointTotals.points,
  };
  const [rows, total, [mine], ascending] = await Promise.all([
    db
      .select({ userId: pointTotals.userId, ...member })
      .from(pointTotals)
      .innerJoin(users, eq(users.id, pointTotals.userId))
      .where(
        and(ranked, afterCursor(['desc', 'asc'], [pointTotals.points, pointTotals.userId], cursor)),
      )
      .orderBy(desc(pointTotals.points), pointTotals.userId)
      .limit(limit + 1),
    teamId
      ? db
          .select({ value: count() })
          .from(pointTotals)
          .where(ranked)
          .then(([row]) => row?.value ?? 0)
      : membersRanked(db, season._id),
    db
      .select(member)
      .from(pointTotals)
      .innerJoin(users, eq(users.id, pointTotals.userId))
      .where(and(ranked, eq(pointTotals.userId, viewerId))),
    listMilestones(db),
  ]);
  const shown = rows.slice(0, limit).map((row) => row.points);
  const placeOf = await placesOf(
    db,
    season._id,
    ranked,
    teamId,
    mine ? [...shown, mine.points] : shown,
  );
  const line = (
    userId: string,
    row: { pseudo: string; avatarUrl: string | null; points: number },
  ): LeaderboardEntry => ({
    place: placeOf(row.points),
    member: { _id: userId, pseudo: row.pseudo, discord_avatar_url: row.avatarUrl },
    points: row.points,
    milestone: milestoneOf(row.points, ascending),
  });
  return {
    season,
    ...cutPage(
      rows,
      limit,
      (row) => line(row.userId, row),
      (row) => [row.points, row.userId],
    ),
    total,
    me: mine ? line(viewerId, mine) : null,
  };
}
