import type { EventFields } from '@guildhall/contract';
import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { eventAudiences, eventOccurrences, events, type EventRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import { managesAudience, audienceTeamsOf, type EventViewer } from './event-access.js';
import { capacityBelowGoing, checkedEventFields, type AudienceRow } from './event-fields.js';
import { promoteWaitlisted, seatedCount } from './seats.js';

/*
 * Creating, replacing and deleting events (decision 037). The caller must manage the audience it
 * writes (and, for a change, the one the event had): admins any, a team's managers their team's.
 * Everything is checked before the first write, in one transaction.
 */

const eventNotFound = () => notFound('event_not_found', 'No event with this id is shown to you');

async function writeAudience(tx: Db, eventId: string, rows: AudienceRow[]): Promise<void> {
  await tx.delete(eventAudiences).where(eq(eventAudiences.eventId, eventId));
  if (rows.length > 0) {
    await tx.insert(eventAudiences).values(rows.map((row) => ({ id: newId(), eventId, ...row })));
  }
}

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
    const { columns, occurrence, rows, audienceOf } = await checkedEventFields(tx, fields);
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
    await tx.insert(eventOccurrences).values({ id: newId(), eventId: event.id, ...occurrence });
    return event.id;
  });
}

/** The event, locked for a change, when the viewer manages it; 404 or 403 otherwise. */
async function eventToManage(tx: Db, viewer: EventViewer, id: string): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
  if (!event) throw eventNotFound();
  const teamIds = (await audienceTeamsOf(tx, [id])).get(id) ?? [];
  if (!managesAudience(viewer, { kind: event.audienceKind, teamIds })) {
    const invited = viewer.managesAll || event.audienceKind === 'organization';
    // Who cannot see the event is not told it exists.
    if (!invited && !teamIds.some((teamId) => viewer.teamIds.includes(teamId))) {
      throw eventNotFound();
    }
    throw forbidden('Only admins and the managers of every team invited change this event');
  }
  return event;
}

/** Replaces an event's fields, audience and times; answers are kept, seats follow the capacity. */
export async function updateEvent({
  db,
  viewer,
  id,
  fields,
}: {
  db: Db;
  viewer: EventViewer;
  id: string;
  fields: EventFields;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await eventToManage(tx, viewer, id);
    const { columns, occurrence, rows, audienceOf } = await checkedEventFields(tx, fields);
    if (!managesAudience(viewer, audienceOf)) {
      throw forbidden('Only admins and the managers of every team invited write this audience');
    }
    const occurrences = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, id))
      .for('update');
    for (const { id: occurrenceId } of occurrences) {
      const seated = await seatedCount(tx, occurrenceId);
      if (columns.capacity !== null && seated > columns.capacity) {
        throw capacityBelowGoing(seated);
      }
    }
    await tx
      .update(events)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(events.id, id));
    await writeAudience(tx, id, rows);
    // A one-off event has one occurrence; recurrence rewrites the series (a later slice).
    await tx.update(eventOccurrences).set(occurrence).where(eq(eventOccurrences.eventId, id));
    for (const { id: occurrenceId } of occurrences) {
      await promoteWaitlisted(tx, occurrenceId, columns.capacity);
    }
  });
}

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

/**
 * After teams or roles are deleted: the future occurrences of the events left with no one invited
 * are cancelled; past ones are kept as they were (decision 037).
 */
export async function cancelEventsWithoutAudience(
  tx: Db,
  eventIds: readonly string[],
  now = new Date(),
): Promise<void> {
  if (eventIds.length === 0) return;
  const orphans = tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        inArray(events.id, [...eventIds]),
        sql`${events.audienceKind} <> 'organization'`,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(eventAudiences)
            .where(eq(eventAudiences.eventId, events.id)),
        ),
      ),
    );
  await tx
    .update(eventOccurrences)
    .set({ cancelled: true })
    .where(and(inArray(eventOccurrences.eventId, orphans), gt(eventOccurrences.startsAt, now)));
}

/** The events whose audience names one of these teams (before they are deleted). */
export async function eventsOfTeams(tx: Db, teamIds: readonly string[]): Promise<string[]> {
  if (teamIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: eventAudiences.eventId })
    .from(eventAudiences)
    .where(inArray(eventAudiences.teamId, [...teamIds]));
  return rows.map((row) => row.id);
}
