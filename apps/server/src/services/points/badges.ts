import type { MemberBadge, MemberBadges } from '@guildhall/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberBadges, milestones, milestonesReached, seasons } from '../../db/schema.js';

type BadgeRow = typeof memberBadges.$inferSelect;

export const presentBadge = (row: BadgeRow): MemberBadge => ({
  _id: row.id,
  name: row.name,
  icon: row.icon,
  colour: row.colour.toLowerCase(),
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/**
 * A member's badges for its profile: the milestones it reached (written from the ledger as totals
 * cross thresholds) and the one-off badges given by hand, each newest first. Two reads on the
 * member's indexes. The caller has already found the member (404 otherwise).
 */
export async function memberBadgesOf(db: Db, userId: string): Promise<MemberBadges> {
  const [reached, given] = await Promise.all([
    db
      .select({
        milestone: milestones,
        season: { id: seasons.id, name: seasons.name },
        reachedAt: milestonesReached.reachedAt,
      })
      .from(milestonesReached)
      .innerJoin(milestones, eq(milestones.id, milestonesReached.milestoneId))
      .innerJoin(seasons, eq(seasons.id, milestonesReached.seasonId))
      .where(eq(milestonesReached.userId, userId))
      .orderBy(desc(milestonesReached.reachedAt), desc(milestones.threshold)),
    db
      .select()
      .from(memberBadges)
      .where(eq(memberBadges.userId, userId))
      .orderBy(desc(memberBadges.createdAt), desc(memberBadges.id)),
  ]);
  return {
    milestones: reached.map(({ milestone, season, reachedAt }) => ({
      milestone: {
        _id: milestone.id,
        name: milestone.name,
        icon: milestone.icon,
        colour: milestone.colour.toLowerCase(),
        threshold: milestone.threshold,
      },
      season: { _id: season.id, name: season.name },
      reached_at: reachedAt.toISOString(),
    })),
    badges: given.map(presentBadge),
  };
}
