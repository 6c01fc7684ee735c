import type { Milestone } from '@guildhall/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { milestones } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';

type MilestoneRow = typeof milestones.$inferSelect;

export const presentMilestone = (row: MilestoneRow): Milestone => ({
  _id: row.id,
  name: row.name,
  threshold: row.threshold,
  icon: row.icon,
  colour: row.colour.toLowerCase(),
});

/** Every milestone, the lowest threshold first. */
export async function listMilestones(db: Db): Promise<Milestone[]> {
  const rows = await db.select().from(milestones).orderBy(asc(milestones.threshold));
  return rows.map(presentMilestone);
}

/** 409 when another milestone has the threshold (its creation's and its update's). */
export const milestoneThresholdTaken = () =>
  conflict('milestone_threshold_taken', 'Another milestone has this threshold');
