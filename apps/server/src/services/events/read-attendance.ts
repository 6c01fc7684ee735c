import type {
  Attendance,
  AttendanceEntry,
  AttendanceStatus,
  RsvpAnswer,
} from '@guildhall/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAttendance, eventRsvps, users } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';
import type { EventViewer } from '../../policies/relationships.js';
import { occurrenceToManage } from './occurrence-to-manage.js';
import { audienceMembersSql } from './read-events.js';

/** The most members an attendance list shows: a team's, or those who answered. */
export const ATTENDANCE_LIST_MAX = 1000;

/** What an answer suggests for attendance: going is present, not going excused. */
const SUGGESTED: Record<RsvpAnswer, AttendanceStatus | null> = {
  going: 'present',
  maybe: null,
  not_going: 'excused',
};

/** Members who answered the occurrence or were marked for it, invited still or not. */
export const answeredOrMarked = (id: string) =>
  or(
    sql`exists (select 1 from ${eventRsvps} where ${eventRsvps.occurrenceId} = ${id} and ${eventRsvps.userId} = ${users.id})`,
    sql`exists (select 1 from ${eventAttendance} where ${eventAttendance.occurrenceId} = ${id} and ${eventAttendance.userId} = ${users.id})`,
  );

/**
 * The attendance of an occurrence that has started: every invited member of a team's or role's
 * event, or (for the organisation's) those who answered or were marked, by pseudo.
 */
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
