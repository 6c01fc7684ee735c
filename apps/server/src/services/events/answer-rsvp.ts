import type { EventOccurrence, RsvpAnswer } from '@guildhall/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventOccurrences, eventRsvps, events, type EventOccurrenceRow } from '../../db/schema.js';
import { conflict, forbidden } from '../../lib/http-error.js';
import { isInAudience, type EventViewer } from '../../policies/relationships.js';
import { audienceOfEvent } from './event-access.js';
import { eventNotFound, listOccurrenceById, visibleOccurrence } from './read-events.js';
import { promoteWaitlisted, seatedCount } from './seats.js';

/**
 * The viewer's answer to one occurrence, until its deadline (its start when none is set). On a
 * full event a new "going" waits in line; leaving a seat gives it to the first in line. The
 * occurrence's row is locked for the whole answer, so two members cannot take the last seat, and
 * everything the answer depends on is read once the lock is held (`lockedOccurrence`).
 */
export async function answerRsvp({
  db,
  viewer,
  occurrenceId,
  answer,
  comment,
}: {
  db: Db;
  viewer: EventViewer;
  occurrenceId: string;
  answer: RsvpAnswer;
  comment: string;
}): Promise<EventOccurrence> {
  await db.transaction(async (tx) => {
    // Who does not see the event is told nothing, and takes no lock.
    const { event } = await visibleOccurrence(tx, viewer, occurrenceId);
    const { occurrence, capacity, now } = await lockedOccurrence(tx, occurrenceId);
    // Decided on the audience read under the lock, as the rest: an audience changed while the
    // answer waited is the one that counts.
    if (!isInAudience(viewer, await audienceOfEvent(tx, event))) {
      throw forbidden('Only the members invited answer this event');
    }
    if (occurrence.cancelled) throw conflict('event_cancelled', 'This event is cancelled');
    if (now >= (occurrence.rsvpDeadline ?? occurrence.startsAt)) {
      throw conflict('rsvp_closed', 'Answers to this event are closed');
    }
    const mine = and(
      eq(eventRsvps.occurrenceId, occurrenceId),
      eq(eventRsvps.userId, viewer.member.id),
    );
    const [previous] = await tx.select().from(eventRsvps).where(mine);
    if (previous?.answer === 'going' && answer === 'going') {
      // Keeping one's answer keeps one's place: its time and sequence stay.
      await tx.update(eventRsvps).set({ comment }).where(mine);
      return;
    }
    const waitlisted =
      answer === 'going' && capacity !== null && (await seatedCount(tx, occurrenceId)) >= capacity;
    // The line's order is when the answer was recorded (seats.ts), then its sequence, given at
    // insertion: a changed answer is written anew, so that two answers of the same millisecond
    // keep the order in which they took the lock.
    if (previous) await tx.delete(eventRsvps).where(mine);
    await tx.insert(eventRsvps).values({
      occurrenceId,
      userId: viewer.member.id,
      answer,
      comment,
      waitlisted,
      answeredAt: now,
    });
    if (previous?.answer === 'going' && !previous.waitlisted) {
      await promoteWaitlisted(tx, occurrenceId, capacity);
    }
  });
  return listOccurrenceById(db, viewer, occurrenceId);
}

/**
 * Locks the occurrence's row, then reads what an answer depends on: whether it is cancelled, its
 * deadline, its event's capacity, and the time the answer is recorded at, the database's clock
 * once the lock is held (one clock for every instance of the server). Read in a statement of its
 * own after the lock (read committed: a new snapshot), so that a cancellation, a moved deadline
 * or a smaller capacity committed while the answer waited is seen, and so that answers are stamped
 * in the order they take the seats. An occurrence deleted meanwhile is not found.
 */
async function lockedOccurrence(
  tx: Db,
  occurrenceId: string,
): Promise<{ occurrence: EventOccurrenceRow; capacity: number | null; now: Date }> {
  const locked = await tx
    .select({ id: eventOccurrences.id })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.id, occurrenceId))
    .for('update');
  const [row] =
    locked.length === 0
      ? []
      : await tx
          .select({
            occurrence: eventOccurrences,
            capacity: events.capacity,
            now: sql`clock_timestamp()`.mapWith(eventRsvps.answeredAt),
          })
          .from(eventOccurrences)
          .innerJoin(events, eq(events.id, eventOccurrences.eventId))
          .where(eq(eventOccurrences.id, occurrenceId));
  if (!row) throw eventNotFound();
  return row;
}
