import type { EventFields } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { eventOccurrences, events } from '../../db/schema.js';
import { forbidden } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import { managesAudience, type EventViewer } from '../../policies/relationships.js';
import { checkedEventFields } from './event-fields.js';
import { writeAudience } from './event-to-manage.js';

/** Creates an event and its occurrences; the viewer must manage every team it invites. */
export async function createEvent({
  db,
  viewer,
  fields,
}: {
  db: Db;
  viewer: EventViewer;
  fields: EventFields;
}): Promise<string> {
  return db.transaction(async (tx) => {
    const { columns, slots, rows, audienceOf } = await checkedEventFields(tx, fields);
    if (!managesAudience(viewer, audienceOf)) {
      throw forbidden('Only admins, and the managers of every team invited, create this event');
    }
    const event = theRow(
      await tx
        .insert(events)
        .values({ id: newId(), ...columns, createdBy: viewer.member.id })
        .returning({ id: events.id }),
    );
    await writeAudience(tx, event.id, rows);
    await tx
      .insert(eventOccurrences)
      .values(slots.map((slot) => ({ id: newId(), eventId: event.id, ...slot })));
    return event.id;
  });
}
