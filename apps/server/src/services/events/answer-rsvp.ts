import type { EventOccurrence, RsvpAnswer } from '@guildhall/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventOccurrences, eventRsvps } from '../../db/schema.js';
import { conflict, forbidden } from '../../lib/http-error.js';
import type { EventViewer } from './event-access.js';
import { isInvited, listOccurrenceById, visibleOccurrence } from './read-events.js';
import { promoteWaitlisted, seatedCount } from './seats.js';

/**
 * The viewer's answer to one occurrence, until its deadline (its start when none is set). On a
 * full event a new "going" waits in line; leaving a seat gives it to the first in line. The
 * occurrence's row is locked for the whole answer, so two members cannot take the last seat.
 */
export async function answerRsvp({
  db,
  viewer,
  occurrenceId,
  answer,
  comment,
  now = new Date(),
}: {
  db: Db;
  viewer: EventViewer;
  occurrenceId: string;
  answer: RsvpAnswer;
  comment: string;
  now?: Date;
}): Promise<EventOccurrence> {
  await db.transaction(async (tx) => {
    const { occurrence, event } = await visibleOccurrence(tx, viewer, occurrenceId);
    if (!(await isInvited(tx, viewer, event.id))) {
      throw forbidden('Only the members invited answer this event');
    }
    await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, occurrenceId))
      .for('update');
    if (occurrence.cancelled) throw conflict('event_cancelled', 'This event is cancelled');
    if (now >= (occurrence.rsvpDeadline ?? occurrence.startsAt)) {
      throw conflict('rsvp_closed', 'Answers to this event are closed');
    }
    const mine = and(
      eq(eventRsvps.occurrenceId, occurrenceId),
      eq(eventRsvps.userId, viewer.member.id),
    );
    const [previous] = await tx.select().from(eventRsvps).where(mine);
    const stillGoing = previous?.answer === 'going' && answer === 'going';
    const waitlisted = stillGoing
      ? previous.waitlisted
      : answer === 'going' &&
        event.capacity !== null &&
        (await seatedCount(tx, occurrenceId)) >= event.capacity;
    const values = {
      answer,
      comment,
      waitlisted,
      // The line's order is when "going" was chosen; keeping one's answer keeps one's place.
      answeredAt: stillGoing ? previous.answeredAt : now,
    };
    if (previous) await tx.update(eventRsvps).set(values).where(mine);
    else {
      await tx.insert(eventRsvps).values({ occurrenceId, userId: viewer.member.id, ...values });
    }
    if (previous?.answer === 'going' && !previous.waitlisted && answer !== 'going') {
      await promoteWaitlisted(tx, occurrenceId, event.capacity);
    }
  });
  return listOccurrenceById(db, viewer, occurrenceId);
}
