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
type OtherRuleKey = keyof typeof DEFAULT_RULES;

const attendanceKey = (type: EventType, status: AttendanceStatus) => `attendance:${type}:${status}`;

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
  const others: Record<OtherRuleKey, number> = {
    'membership:seniority': rules.membership.seniority,
    'membership:adhesion': rules.membership.adhesion,
    'league:division': rules.league.division,
    'league:tier': rules.league.tier,
    'managers:season_limit': rules.managers.season_limit,
  };
  rows.push(...Object.entries(others).map(([key, points]) => ({ key, points })));
  await db.transaction(async (tx) => {
    await tx.delete(pointRules);
    await tx.insert(pointRules).values(rows);
  });
  return readPointRules(db);
}
