import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { conflict } from '../../lib/http-error.js';
import { pointTotals, users } from '../../db/schema.js';
import { moveCounts } from '../points/ledger.js';
import { findUser } from './find-user.js';
import { assertAnotherAdmin } from './last-admin.js';

/**
 * Deletes a member; its sessions, memberships and points go with it (foreign keys cascade), and
 * its totals leave the counts of members by total, so that the others' places move up. An admin
 * (`by`) does not delete itself: a slip in the member list would sign it out for good, and the
 * list offers no such button (decision 052).
 */
export async function deleteMember({
  db,
  id,
  by,
}: {
  db: Db;
  id: string;
  by: string;
}): Promise<void> {
  if (id === by) throw conflict('cannot_delete_self', 'An admin does not delete its own account');
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.adminRoles);
    const member = await findUser(tx, id);
    await assertAnotherAdmin(tx, member);
    const totals = await tx
      .select({ seasonId: pointTotals.seasonId, points: pointTotals.points })
      .from(pointTotals)
      .where(eq(pointTotals.userId, id))
      .for('update');
    await moveCounts(
      tx,
      totals.map((total) => ({ ...total, members: -1 })),
    );
    await tx.delete(users).where(eq(users.id, id));
  });
}
