import {
  badgeBodySchema,
  type BadgeBody,
  type MemberBadge,
  type MemberBadges,
} from '@guildhall/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { memberBadges, milestones, milestonesReached, seasons } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/postgres-errors.js';
import { theRow } from '../../lib/rows.js';

type BadgeRow = typeof memberBadges.$inferSelect;

const presentBadge = (row: BadgeRow): MemberBadge => ({
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

/** A one-off badge given by hand (admins), with why. */
export async function awardBadge({
  db,
  userId,
  awardedBy,
  body: input,
}: {
  db: Db;
  userId: string;
  awardedBy: string;
  body: BadgeBody;
}): Promise<MemberBadge> {
  const body = badgeBodySchema.parse(input);
  try {
    const rows = await db
      .insert(memberBadges)
      .values({ id: newId(), userId, awardedBy, ...body })
      .returning();
    return presentBadge(theRow(rows));
  } catch (error) {
    // The member, or the admin giving it, is gone (deleted meanwhile or never there).
    if (isForeignKeyViolation(error)) throw notFound('user_not_found', 'No member has this id');
    throw error;
  }
}

/** Takes back a badge given by mistake: badges are not points, no ledger keeps them. */
export async function deleteBadge(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(memberBadges)
    .where(eq(memberBadges.id, id))
    .returning({ id: memberBadges.id });
  if (deleted.length === 0) throw notFound('badge_not_found', 'No badge has this id');
}
