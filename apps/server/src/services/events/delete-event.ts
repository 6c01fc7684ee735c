import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema.js';
import type { EventViewer } from '../../policies/relationships.js';
import { eventToManage } from './event-to-manage.js';

/** Deletes an event with its occurrences and answers. */
export async function deleteEvent({
  db,
  viewer,
  id,
}: {
  db: Db;
  viewer: EventViewer;
  id: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await eventToManage(tx, viewer, id);
    await tx.delete(events).where(eq(events.id, id));
  });
}
