import type { AttendanceStatus, EventType } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { applyRules } from './ledger.js';
import { readPointRules } from './point-rules.js';
import { organizationDay } from '../organization/time-zone.js';
import { seasonOfDay } from './seasons.js';

/**
 * Grants the points of attendance marks, in the transaction that marks them (a reaction): each member's line
 * for the occurrence comes to what the rules give its mark now (a changed mark is corrected by
 * a new line). An occurrence on a day no season covers gives nothing; a cancelled one is worth
 * nothing (cancelling takes its points back by a correction, restoring gives them again).
 */
export async function grantAttendancePoints(
  tx: Db,
  {
    occurrence,
    event,
    marks,
    at,
  }: {
    occurrence: { id: string; startsAt: Date; cancelled: boolean };
    event: { type: EventType; title: string };
    marks: ReadonlyMap<string, AttendanceStatus>;
    at: Date;
  },
): Promise<void> {
  const season = await seasonOfDay(tx, await organizationDay(tx, occurrence.startsAt));
  if (!season) return;
  const rules = (await readPointRules(tx)).attendance[event.type];
  await applyRules(
    tx,
    [...marks].map(([userId, status]) => ({
      subject: `attendance:${occurrence.id}:${userId}`,
      userId,
      points: occurrence.cancelled ? 0 : rules[status],
      source: 'attendance' as const,
      reason: event.title,
      detail: status,
    })),
    season.id,
    at,
  );
}
