import { ATTENDANCE_STATUSES, EVENT_TYPES, type PointRules } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { pointRules } from '../../db/schema.js';
import { attendanceKey, readPointRules, type OtherRuleKey } from './point-rules.js';

/**
 * Saves every rule. New rules apply to the marks made from then on; points already granted stay
 * as they were (the ledger is never rewritten behind a member's back).
 */
export async function savePointRules({
  db,
  rules,
}: {
  db: Db;
  rules: PointRules;
}): Promise<PointRules> {
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
