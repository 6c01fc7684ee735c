import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { eventAudiences, events, type EventRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { managesAudience, seesEvent, type EventViewer } from '../../policies/relationships.js';
import { audienceOfEvent } from './event-access.js';
import type { AudienceRow } from './event-fields.js';

/*
 * What creating, replacing and deleting an event share (decision 037). The caller must manage the audience it
 * writes (and, for a change, the one the event had): admins any, a team's managers their team's.
 * Everything is checked before the first write, in one transaction.
 */

const eventNotFound = () => notFound('event_not_found', 'No event with this id is shown to you');

/** The event's audience replaced by these rows. */
export async function writeAudience(tx: Db, eventId: string, rows: AudienceRow[]): Promise<void> {
  await tx.delete(eventAudiences).where(eq(eventAudiences.eventId, eventId));
  if (rows.length > 0) {
    await tx.insert(eventAudiences).values(rows.map((row) => ({ id: newId(), eventId, ...row })));
  }
}

/** The event, locked for a change, when the viewer manages it; 404 or 403 otherwise. */
export async function eventToManage(tx: Db, viewer: EventViewer, id: string): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw eventNotFound();
  const audience = await audienceOfEvent(tx, event);
  if (!managesAudience(viewer, audience)) {
    // Who cannot see the event is not told it exists.
    if (!seesEvent(viewer, audience)) throw eventNotFound();
    throw forbidden('Only admins and the managers of every team invited change this event');
  }
  return event;
}
