import {
  MILESTONES_MAX,
  milestoneBodySchema,
  type Milestone,
  type MilestoneBody,
} from '@guildhall/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { theRow } from '../../lib/rows.js';
import { newId } from '../../db/ids.js';
import { milestones } from '../../db/schema.js';
import { conflict, invalidRequest, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';

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

const thresholdTaken = () =>
  conflict('milestone_threshold_taken', 'Another milestone has this threshold');

export async function createMilestone(db: Db, input: MilestoneBody): Promise<Milestone> {
  const body = milestoneBodySchema.parse(input);
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(milestones);
  if (existing >= MILESTONES_MAX) {
    throw invalidRequest([
      {
        path: 'body',
        message: `at most ${MILESTONES_MAX} milestones`,
        code: 'too_big',
        params: { maximum: MILESTONES_MAX, origin: 'array' },
      },
    ]);
  }
  try {
    const rows = await db
      .insert(milestones)
      .values({ id: newId(), ...body })
      .returning();
    return presentMilestone(theRow(rows));
  } catch (error) {
    if (isUniqueViolation(error)) throw thresholdTaken();
    throw error;
  }
}

export async function updateMilestone(
  db: Db,
  id: string,
  input: MilestoneBody,
): Promise<Milestone> {
  const body = milestoneBodySchema.parse(input);
  try {
    const [row] = await db.update(milestones).set(body).where(eq(milestones.id, id)).returning();
    if (!row) throw notFound('milestone_not_found', 'No milestone has this id');
    return presentMilestone(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw thresholdTaken();
    throw error;
  }
}

export async function deleteMilestone(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(milestones)
    .where(eq(milestones.id, id))
    .returning({ id: milestones.id });
  if (deleted.length === 0) throw notFound('milestone_not_found', 'No milestone has this id');
}
