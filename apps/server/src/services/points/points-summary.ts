import type { PointsSummary } from '@guildhall/contract';
import { and, asc, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { milestones, pointTotals } from '../../db/schema.js';
import { totalOf } from './ledger.js';
import { presentMilestone } from './milestones.js';
import { currentSeason } from './seasons.js';

/**
 * The ranking card: the member's points this season, its place (members with more points, plus
 * one: equal totals share a place), and the milestones around it. Three index reads.
 */
export async function pointsSummary(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<PointsSummary> {
  const season = await currentSeason(db, now);
  if (!season) {
    return { season: null, points: 0, place: null, ranked: 0, reached: null, next: null };
  }
  const points = await totalOf(db, season._id, userId);
  const [[ahead], [ranked], [reached], [next]] = await Promise.all([
    db
      .select({ value: count() })
      .from(pointTotals)
      .where(and(eq(pointTotals.seasonId, season._id), gt(pointTotals.points, points))),
    db.select({ value: count() }).from(pointTotals).where(eq(pointTotals.seasonId, season._id)),
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
  ]);
  return {
    season,
    points,
    place: (ahead?.value ?? 0) + 1,
    ranked: ranked?.value ?? 0,
    reached: reached ? presentMilestone(reached) : null,
    next: next ? presentMilestone(next) : null,
  };
}
