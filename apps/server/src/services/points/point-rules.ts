import {
  ATTENDANCE_STATUSES,
  EVENT_TYPES,
  type AttendanceStatus,
  type EventType,
  type PointRules,
} from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { pointRules } from '../../db/schema.js';

/** Until an admin sets them: ten points for being there, five for being late, none otherwise. */
const DEFAULT_ATTENDANCE_POINTS: Record<AttendanceStatus, number> = {
  present: 10,
  late: 5,
  excused: 0,
  absent: 0,
};

const attendanceKey = (type: EventType, status: AttendanceStatus) => `attendance:${type}:${status}`;

export async function readPointRules(db: Db): Promise<PointRules> {
  const stored = new Map(
    (await db.select().from(pointRules)).map((rule) => [rule.key, rule.points]),
  );
  return {
    attendance: Object.fromEntries(
      EVENT_TYPES.map((type) => [
        type,
        Object.fromEntries(
          ATTENDANCE_STATUSES.map((status) => [
            status,
            stored.get(attendanceKey(type, status)) ?? DEFAULT_ATTENDANCE_POINTS[status],
          ]),
        ),
      ]),
    ) as PointRules['attendance'],
  };
}

/**
 * Saves every rule. New rules apply to the marks made from then on; points already granted stay
 * as they were (the ledger is never rewritten behind a member's back).
 */
export async function savePointRules(db: Db, rules: PointRules): Promise<PointRules> {
  const rows = EVENT_TYPES.flatMap((type) =>
    ATTENDANCE_STATUSES.map((status) => ({
      key: attendanceKey(type, status),
      points: rules.attendance[type][status],
    })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(pointRules);
    await tx.insert(pointRules).values(rows);
  });
  return readPointRules(db);
}
