import {
  MILESTONES_MAX,
  milestoneBodySchema,
  type Milestone,
  type MilestoneBody,
} from '@guildhall/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { milestones } from '../../db/schema.js';
import { invalidRequest } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { theRow } from '../../lib/rows.js';
import { milestoneThresholdTaken, presentMilestone } from './milestones.js';

/** A new milestone; at most MILESTONES_MAX (400), each threshold once (409). */
export async function createMilestone({
  db,
  fields,
}: {
  db: Db;
  fields: MilestoneBody;
}): Promise<Milestone> {
  const body = milestoneBodySchema.parse(fields);
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
    if (isUniqueViolation(error)) throw milestoneThresholdTaken();
    throw error;
  }
}
