import {
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
  type Milestone,
} from '@guildhall/contract';
import { and, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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
 * Where the ranking's entry number `offset` (from 0) stands: its total, and how many members have
 * more. Undefined past the last entry.
 */
async function pageStart(
  db: Db,
  seasonId: string,
  offset: number,
): Promise<{ points: number; above: number } | undefined> {
  const counted = db
    .select({
      points: pointCounts.points,
      members: pointCounts.members,
      above:
        sql<number>`(coalesce(sum(${pointCounts.members}) over (order by ${pointCounts.points} desc
          rows between unbounded preceding and 1 preceding), 0))::int`.as('above'),
    })
    .from(pointCounts)
    .where(eq(pointCounts.seasonId, seasonId))
    .as('counted');
  const [row] = await db
    .select({ points: counted.points, above: counted.above })
    .from(counted)
    .where(sql`${counted.above} + ${counted.members} > ${offset}`)
    .orderBy(desc(counted.points))
    .limit(1);
  return row && { points: Number(row.points), above: Number(row.above) };
}

/** The highest of the milestones (lowest threshold first) that `points` reaches, if any. */
function milestoneOf(points: number, ascending: Milestone[]): Milestone | null {
  return ascending.findLast((milestone) => milestone.threshold <= points) ?? null;
}

/**
 * A season's ranking, a page at a time, with the caller's own line. Members with equal totals
 * share a place: an entry's place is one more than the count of totals above it, which the
 * page's order gives without ranking every member (index `(season_id, points)`). Each line
 * carries the highest milestone its total reaches: the milestones (thirty at most) are read once
 * and matched here, so a page costs the same with or without them (decision 054).
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
  const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
  // The organisation's ranking reads its places from the counts of members by total; a team's
  // counts its own members (a team is a few dozen).
  const above = (points: number) =>
    teamId
      ? db
          .select({ value: count() })
          .from(pointTotals)
          .where(and(ranked, gt(pointTotals.points, points)))
          .then(([row]) => row?.value ?? 0)
      : membersAbove(db, season._id, points);
  const start = teamId ? undefined : await pageStart(db, season._id, offset);
  const member = {
    pseudo: users.pseudo,
    avatarUrl: users.discordAvatarUrl,
    points: pointTotals.points,
  };
  const pageRows = db
    .select({ userId: pointTotals.userId, ...member })
    .from(pointTotals)
    .innerJoin(users, eq(users.id, pointTotals.userId))
    .orderBy(desc(pointTotals.points), pointTotals.userId)
    .limit(LEADERBOARD_PAGE_SIZE);
  const [rows, total, [mine], ascending] = await Promise.all([
    teamId
      ? pageRows.where(ranked).offset(offset)
      : start
        ? // From the first total of the page: only the members before the page with that total
          // are skipped, not every member above it.
          pageRows
            .where(and(ranked, lte(pointTotals.points, start.points)))
            .offset(offset - start.above)
        : Promise.resolve([]),
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
  const line = (
    place: number,
    userId: string,
    row: { pseudo: string; avatarUrl: string | null; points: number },
  ): LeaderboardEntry => ({
    place,
    member: { _id: userId, pseudo: row.pseudo, discord_avatar_url: row.avatarUrl },
    points: row.points,
    milestone: milestoneOf(row.points, ascending),
  });

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
    entries.push(line(place, row.userId, row));
  });
  const me = mine ? line((await above(mine.points)) + 1, viewerId, mine) : null;
  return {
    season,
    entries,
    total,
    page,
    page_size: LEADERBOARD_PAGE_SIZE,
    me,
  };
}
