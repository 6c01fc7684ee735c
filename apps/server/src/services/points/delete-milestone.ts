import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { milestones } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

/** Deletes a milestone; the members who reached it no longer show it. */
export async function deleteMilestone({ db, id }: { db: Db; id: string }): Promise<void> {
  const deleted = await db
    .delete(milestones)
    .where(eq(milestones.id, id))
    .returning({ id: milestones.id });
  if (deleted.length === 0) throw notFound('milestone_not_found', 'No milestone has this id');
}
