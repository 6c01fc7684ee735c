import type { EventOccurrence, OccurrencePatch } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  eventAttendance,
  eventOccurrences,
  type EventOccurrenceRow,
  type EventRow,
} from '../../db/schema.js';
import type { EventViewer } from '../../policies/relationships.js';
import { announce } from '../happenings.js';
import { occurrenceToManage } from './occurrence-to-manage.js';
import { listOccurrenceById } from './read-events.js';

/**
 * A manager cancels, restores or moves one occurrence (an exception its series keeps); a move
 * shifts its deadline with it.
 */
export async function patchOccurrence({
  db,
  viewer,
  id,
  patch,
}: {
  db: Db;
  viewer: EventViewer;
  id: string;
  patch: OccurrencePatch;
}): Promise<EventOccurrence> {
  await db.transaction(async (tx) => {
    const { occurrence, event } = await occurrenceToManage(tx, viewer, id);
    const startsAt = patch.starts_at ? new Date(patch.starts_at) : undefined;
    const endsAt = patch.ends_at ? new Date(patch.ends_at) : undefined;
    const moved = startsAt !== undefined && startsAt.getTime() !== occurrence.startsAt.getTime();
    const changes = {
      ...(patch.cancelled !== undefined && { cancelled: patch.cancelled }),
      ...(startsAt && endsAt && { startsAt, endsAt }),
      ...(startsAt &&
        event.rsvpDeadlineMinutes !== null && {
          rsvpDeadline: new Date(startsAt.getTime() - event.rsvpDeadlineMinutes * 60_000),
        }),
      ...(moved && { moved: true }),
    };
    // An empty patch changes nothing and answers the occurrence as it is.
    if (Object.keys(changes).length === 0) return;
    await tx.update(eventOccurrences).set(changes).where(eq(eventOccurrences.id, id));
    if (patch.cancelled !== undefined && patch.cancelled !== occurrence.cancelled) {
      await settleAttendanceAgain(tx, { ...occurrence, cancelled: patch.cancelled }, event);
    }
  });
  return listOccurrenceById(db, viewer, id);
}

/** Every mark of an occurrence, announced again: after it is cancelled or restored. */
async function settleAttendanceAgain(
  tx: Db,
  occurrence: EventOccurrenceRow,
  event: EventRow,
): Promise<void> {
  const marks = await tx
    .select({ userId: eventAttendance.userId, status: eventAttendance.status })
    .from(eventAttendance)
    .where(eq(eventAttendance.occurrenceId, occurrence.id));
  if (marks.length === 0) return;
  const byMember = new Map(marks.map((mark) => [mark.userId, mark.status]));
  await announce(tx, 'attendanceSettled', { occurrence, event, marks: byMember, at: new Date() });
}
