import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { users } from '../../db/schema.js';
import { findUser } from './find-user.js';
import { assertAnotherAdmin } from './last-admin.js';

/** Deletes a member; its sessions and memberships go with it (foreign keys cascade). */
export async function deleteMember({ db, id }: { db: Db; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.adminRoles);
    const member = await findUser(tx, id);
    await assertAnotherAdmin(tx, member);
    await tx.delete(users).where(eq(users.id, id));
  });
}
