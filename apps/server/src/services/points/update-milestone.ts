import { milestoneBodySchema, type Milestone, type MilestoneBody } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { milestones } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { milestoneThresholdTaken, presentMilestone } from './milestones.js';

/** A milestone's new name, threshold (409 when another has it), icon and colour. */
export async function updateMilestone({
  db,
  id,
  fields,
}: {
  db: Db;
  id: string;
  fields: MilestoneBody;
}): Promise<Milestone> {
  const body = milestoneBodySchema.parse(fields);
  try {
    const [row] = await db.update(milestones).set(body).where(eq(milestones.id, id)).returning();
    if (!row) throw notFound('milestone_not_found', 'No milestone has this id');
    return presentMilestone(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw milestoneThresholdTaken();
    throw error;
  }
}
