import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { conflict } from '../../lib/http-error.js';
import { users } from '../../db/schema.js';
import { announce } from '../happenings.js';
import { findUser } from './find-user.js';
import { assertAnotherAdmin } from './last-admin.js';

/**
 * Deletes a member; its sessions, memberships and points go with it (foreign keys cascade), and
 * the domains above react before its row goes (its totals leave the counts of members by total,
 * so that the others' places move up). An admin
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
    await announce(tx, 'memberLeaving', { userId: id });
    await tx.delete(users).where(eq(users.id, id));
  });
}
