import type { Attendance, AttendanceStatus } from '@guildhall/contract';
import { and, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAttendance, users } from '../../db/schema.js';
import { conflict, invalidRequest } from '../../lib/http-error.js';
import type { EventViewer } from '../../policies/relationships.js';
import { announce } from '../happenings.js';
import { occurrenceToManage } from './occurrence-to-manage.js';
import { audienceMembersSql } from './read-events.js';
import { answeredOrMarked, readAttendance } from './read-attendance.js';

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
