import type { PointsSummary } from '@guildhall/contract';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { milestones, pointTotals, teamRoleMembers, teamRoles, teams } from '../../db/schema.js';
import { membersAbove, membersRanked } from './leaderboard.js';
import { totalOf } from './ledger.js';
import { presentMilestone } from './milestones.js';
import { currentSeason } from './seasons.js';

/**
 * The member's place in each of its teams: the team's members read by their roles, each total by
 * its key, so the cost follows the size of the member's teams, never the organisation's. A member
 * in two roles of a team counts once; equal totals share a place, as on the leaderboard.
 */
async function teamPlaces(
  db: Db,
  userId: string,
  season: { id: string; points: number } | null,
): Promise<PointsSummary['teams']> {
  const memberTeams = db
    .selectDistinct({ teamId: teamRoles.teamId })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .where(eq(teamRoleMembers.userId, userId));
  const rows = await db
    .select({
      _id: teams.id,
      name: teams.name,
      ranked: sql<number>`count(distinct ${pointTotals.userId})::int`,
      ahead: sql<number>`(count(distinct ${pointTotals.userId}) filter (where ${pointTotals.points} > ${season?.points ?? 0}))::int`,
      hasLine: sql<boolean>`coalesce(bool_or(${pointTotals.userId} = ${userId}), false)`,
    })
    .from(teams)
    .innerJoin(teamRoles, eq(teamRoles.teamId, teams.id))
    .innerJoin(teamRoleMembers, eq(teamRoleMembers.roleId, teamRoles.id))
    .leftJoin(
      pointTotals,
      and(
        season ? eq(pointTotals.seasonId, season.id) : sql`false`,
        eq(pointTotals.userId, teamRoleMembers.userId),
      ),
    )
    .where(inArray(teams.id, memberTeams))
    .groupBy(teams.id, teams.name)
    .orderBy(teams.name, teams.id);
  return rows.map((row) => ({
    _id: row._id,
    name: row.name,
    place: row.hasLine ? row.ahead + 1 : null,
    ranked: row.ranked,
  }));
}

/**
 * The ranking card: the member's points this season, its place (members with more points, plus
 * one: equal totals share a place), the milestones around it, and its place in each of its
 * teams. The places are sums over the counts of members by total, never a count of members.
 * A member without a line this season has no place, as it has no line on the leaderboard
 * (decision 046): counting it after the members ranked would put it past the last of them.
 */
export async function pointsSummary(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<PointsSummary> {
  const season = await currentSeason(db, now);
  if (!season) {
    return {
      season: null,
      points: 0,
      place: null,
      ranked: 0,
      reached: null,
      next: null,
      teams: await teamPlaces(db, userId, null),
    };
  }
  const total = await totalOf(db, season._id, userId);
  const points = total ?? 0;
  const [ahead, ranked, [reached], [next], places] = await Promise.all([
    membersAbove(db, season._id, points),
    membersRanked(db, season._id),
    db
      .select()
      .from(milestones)
      .where(lte(milestones.threshold, points))
      .orderBy(desc(milestones.threshold))
      .limit(1),
    db
      .select()
      .from(milestones)
      .where(gt(milestones.threshold, points))
      .orderBy(asc(milestones.threshold))
      .limit(1),
    teamPlaces(db, userId, { id: season._id, points }),
  ]);
  return {
    season,
    points,
    place: total === null ? null : ahead + 1,
    ranked,
    reached: reached ? presentMilestone(reached) : null,
    next: next ? presentMilestone(next) : null,
    teams: places,
  };
}
