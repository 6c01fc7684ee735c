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

/** The other rules until an admin sets them; managers give no points until allowed. */
const DEFAULT_RULES = {
  'membership:seniority': 20,
  'membership:adhesion': 30,
  'league:division': 10,
  'league:tier': 25,
  'managers:season_limit': 0,
} as const;
export type OtherRuleKey = keyof typeof DEFAULT_RULES;

/** The stored key of the points for one attendance status at one type of event. */
export const attendanceKey = (type: EventType, status: AttendanceStatus) =>
  `attendance:${type}:${status}`;

export async function readPointRules(db: Db): Promise<PointRules> {
  const stored = new Map(
    (await db.select().from(pointRules)).map((rule) => [rule.key, rule.points]),
  );
  const other = (key: OtherRuleKey): number => stored.get(key) ?? DEFAULT_RULES[key];
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
    membership: {
      seniority: other('membership:seniority'),
      adhesion: other('membership:adhesion'),
    },
    league: { division: other('league:division'), tier: other('league:tier') },
    managers: { season_limit: other('managers:season_limit') },
  };
}
