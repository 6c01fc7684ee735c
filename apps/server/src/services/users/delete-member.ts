import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { pointTotals, users } from '../../db/schema.js';
import { moveCounts } from '../points/ledger.js';
import { findUser } from './find-user.js';
import { assertAnotherAdmin } from './last-admin.js';

/**
 * Deletes a member; its sessions, memberships and points go with it (foreign keys cascade), and
 * its totals leave the counts of members by total, so that the others' places move up.
 */
export async function deleteMember({ db, id }: { db: Db; id: string }): Promise<void> {
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
