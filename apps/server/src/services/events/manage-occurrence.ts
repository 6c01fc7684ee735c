import type {
  Attendance,
  AttendanceEntry,
  AttendanceStatus,
  EventOccurrence,
  OccurrencePatch,
  RsvpAnswer,
} from '@guildhall/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  eventAttendance,
  eventOccurrences,
  eventRsvps,
  users,
  type EventOccurrenceRow,
  type EventRow,
} from '../../db/schema.js';
import { conflict, forbidden, invalidRequest } from '../../lib/http-error.js';
import { announce } from '../happenings.js';
import { managesAudience, type EventViewer } from '../../policies/relationships.js';
import { audienceMembersSql, listOccurrenceById, visibleOccurrence } from './read-events.js';

/*
 * What a manager does to one occurrence: cancel, restore or move it (an exception its series
 * keeps), and mark who came.
 */

/** The most members an attendance list shows: a team's, or those who answered. */
export const ATTENDANCE_LIST_MAX = 1000;

/**
 * The occurrence and its event, locked, when the viewer manages the event; 404 or 403 otherwise.
 * Who does not see the event is refused before the lock and takes none; what is decided is read
 * anew once the lock is held (read committed: a new snapshot), so that a change of the event
 * committed while this waited (its audience, its deadline, the occurrence moved or cancelled) is
 * the one that counts, as for an answer (decision 047).
 */
export async function occurrenceToManage(
  tx: Db,
  viewer: EventViewer,
  id: string,
): Promise<{ occurrence: EventOccurrenceRow; event: EventRow }> {
  await visibleOccurrence(tx, viewer, id);
  await tx
    .select({ id: eventOccurrences.id })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.id, id))
    .for('update');
  const { occurrence, event, audience } = await visibleOccurrence(tx, viewer, id);
  if (!managesAudience(viewer, audience)) {
    throw forbidden('Only admins and the managers of every team invited manage this event');
  }
  return { occurrence, event };
}

/** Cancels, restores or moves one occurrence; a move shifts its deadline with it. */
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

/** What an answer suggests for attendance: going is present, not going excused. */
const SUGGESTED: Record<RsvpAnswer, AttendanceStatus | null> = {
  going: 'present',
  maybe: null,
  not_going: 'excused',
};

/**
 * The attendance of an occurrence that has started: every invited member of a team's or role's
 * event, or (for the organisation's) those who answered or were marked, by pseudo.
 */
/** Members who answered the occurrence or were marked for it, invited still or not. */
const answeredOrMarked = (id: string) =>
  or(
    sql`exists (select 1 from ${eventRsvps} where ${eventRsvps.occurrenceId} = ${id} and ${eventRsvps.userId} = ${users.id})`,
    sql`exists (select 1 from ${eventAttendance} where ${eventAttendance.occurrenceId} = ${id} and ${eventAttendance.userId} = ${users.id})`,
  );

export async function readAttendance(
  db: Db,
  viewer: EventViewer,
  id: string,
  now = new Date(),
): Promise<Attendance> {
  const { occurrence, event } = await occurrenceToManage(db, viewer, id);
  if (occurrence.startsAt > now) {
    throw conflict('attendance_not_open', 'Attendance is marked once the event has started');
  }
  const listed =
    event.audienceKind === 'organization'
      ? answeredOrMarked(id)
      : or(audienceMembersSql(event), answeredOrMarked(id));
  const members = await db
    .select({ _id: users.id, pseudo: users.pseudo })
    .from(users)
    .where(listed)
    .orderBy(asc(users.pseudoKey))
    .limit(ATTENDANCE_LIST_MAX);
  const ids = members.map((member) => member._id);
  const [answers, marks] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              userId: eventRsvps.userId,
              answer: eventRsvps.answer,
              waitlisted: eventRsvps.waitlisted,
            })
            .from(eventRsvps)
            .where(and(eq(eventRsvps.occurrenceId, id), inArray(eventRsvps.userId, ids))),
          db
            .select({ userId: eventAttendance.userId, status: eventAttendance.status })
            .from(eventAttendance)
            .where(and(eq(eventAttendance.occurrenceId, id), inArray(eventAttendance.userId, ids))),
        ]);
  const answerOf = new Map(answers.map((row) => [row.userId, row]));
  const markOf = new Map(marks.map((row) => [row.userId, row.status]));
  const entries: AttendanceEntry[] = members.map((member) => {
    const rsvp = answerOf.get(member._id);
    return {
      member,
      status: markOf.get(member._id) ?? null,
      // A member still waiting for a seat was not expected: nothing is suggested.
      suggested: rsvp && !rsvp.waitlisted ? SUGGESTED[rsvp.answer] : null,
    };
  });
  return { entries };
}

/**
 * Marks members of the attendance list; anyone else is a 400 naming it, nothing written.
 */
export async function markAttendance({
  db,
  viewer,
  id,
  entries,
  now = new Date(),
}: {
  db: Db;
  viewer: EventViewer;
  id: string;
  entries: { user_id: string; status: AttendanceStatus }[];
  now?: Date;
}): Promise<Attendance> {
  await db.transaction(async (tx) => {
    const { occurrence, event } = await occurrenceToManage(tx, viewer, id);
    if (occurrence.startsAt > now) {
      throw conflict('attendance_not_open', 'Attendance is marked once the event has started');
    }
    const ids = [...new Set(entries.map((entry) => entry.user_id))];
    const invited = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          // Those the attendance list shows: the invited, and those who answered or were
          // marked before they left the audience (a team they left, a role they lost).
          .where(and(inArray(users.id, ids), or(audienceMembersSql(event), answeredOrMarked(id))))
      ).map((row) => row.id),
    );
    const refused = entries.flatMap((entry, index) =>
      invited.has(entry.user_id)
        ? []
        : [
            {
              path: `body.entries.${index}.user_id`,
              message: `no invited member has the id ${entry.user_id}`,
              code: 'unknown_reference' as const,
            },
          ],
    );
    if (refused.length > 0) throw invalidRequest(refused);
    // The last mark of a member in the body wins, as a form sends its final state.
    const byMember = new Map(entries.map((entry) => [entry.user_id, entry.status]));
    await tx
      .insert(eventAttendance)
      .values(
        [...byMember].map(([userId, status]) => ({
          occurrenceId: id,
          userId,
          status,
          markedBy: viewer.member.id,
          markedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [eventAttendance.occurrenceId, eventAttendance.userId],
        set: {
          status: sql`excluded.status`,
          markedBy: sql`excluded.marked_by`,
          markedAt: sql`excluded.marked_at`,
        },
      });
    await announce(tx, 'attendanceSettled', { occurrence, event, marks: byMember, at: now });
  });
  return readAttendance(db, viewer, id, now);
}
