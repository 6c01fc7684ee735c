import type { Db } from '../../db/client.js';
import { alertDismissals, type UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/postgres-errors.js';
import { listMemberAlerts } from './list-member-alerts.js';
import { alertMessageHash } from './message-hash.js';

const notShown = () => notFound('alert_not_found', 'No alert with this id is shown to you');

/**
 * Closes an alert for one member, remembering the message closed: the alert stays hidden until
 * its message changes (decision 030). Only an alert shown to the member can be dismissed.
 */
export async function dismissAlert({
  db,
  member,
  id,
}: {
  db: Db;
  member: UserRow;
  id: string;
}): Promise<void> {
  const shown = await listMemberAlerts({ db, member, includeDismissed: true });
  const alert = shown.find((candidate) => candidate.id === id);
  if (!alert) throw notShown();
  const messageHash = alertMessageHash(alert.message);
  try {
    await db
      .insert(alertDismissals)
      .values({ alertId: id, userId: member.id, messageHash })
      .onConflictDoUpdate({
        target: [alertDismissals.alertId, alertDismissals.userId],
        set: { messageHash, dismissedAt: new Date() },
      });
  } catch (error) {
    // Deleted between the read and the write.
    if (isForeignKeyViolation(error)) throw notShown();
    throw error;
  }
}
