import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { alertDismissals, type AlertRow, type UserRow } from '../../db/schema.js';
import { evaluateCondition, parseCondition, type Condition } from './condition-language.js';
import { listAlerts } from './list-alerts.js';
import { memberFacts } from './member-facts.js';
import { alertMessageHash } from './message-hash.js';

/** Parsed conditions by source: the same few conditions are evaluated at every page load. */
const parsed = new Map<string, Condition>();
function compiled(source: string): Condition {
  let condition = parsed.get(source);
  if (!condition) {
    condition = parseCondition(source);
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(source, condition);
  }
  return condition;
}

/** Whether `now` falls in the alert's window (either bound may be missing). */
export const isInWindow = (alert: AlertRow, now: Date) =>
  (!alert.startsAt || alert.startsAt <= now) && (!alert.endsAt || now < alert.endsAt);

/**
 * The active alerts, within their window, whose condition holds for the member and that the
 * member has not dismissed since their message last changed; decided here and nowhere else.
 */
export async function listMemberAlerts({
  db,
  member,
  includeDismissed = false,
  now = new Date(),
}: {
  db: Db;
  member: UserRow;
  /** Keep the alerts the member dismissed (to dismiss one again). */
  includeDismissed?: boolean;
  now?: Date;
}): Promise<AlertRow[]> {
  const active = (await listAlerts({ db })).filter(
    (alert) => alert.statut === 'active' && isInWindow(alert, now),
  );
  if (active.length === 0) return [];
  const dismissed = includeDismissed ? new Map<string, string>() : await dismissals(db, member.id);
  const undismissed = active.filter(
    (alert) => dismissed.get(alert.id) !== alertMessageHash(alert.message),
  );
  if (undismissed.length === 0) return [];
  const facts = await memberFacts(db, member);
  return undismissed.filter((alert) => {
    try {
      return evaluateCondition(compiled(alert.condition), facts);
    } catch {
      // Saved conditions were valid when saved; one that no longer parses shows to nobody.
      return false;
    }
  });
}

/** Read with the alerts at every page load: built once per database. */
const memberDismissals = preparedPerDatabase((db) =>
  db
    .select({ alertId: alertDismissals.alertId, messageHash: alertDismissals.messageHash })
    .from(alertDismissals)
    .where(eq(alertDismissals.userId, sql.placeholder('userId')))
    .prepare('member_alert_dismissals'),
);

/** The member's dismissals: alert id to the hash of the message dismissed. */
async function dismissals(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await memberDismissals(db).execute({ userId });
  return new Map(rows.map((row) => [row.alertId, row.messageHash]));
}
