import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordEntries } from '../../db/schema.js';
import { findAccessiblePassword, type PasswordActor } from './access.js';
import { recordPasswordEvent } from './audit-trail.js';

/** DELETE /api/password/{id}: the entry goes, its audit trail stays with a delete event. */
export async function deletePassword({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: PasswordActor;
  id: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await findAccessiblePassword(tx, actor, id);
    await tx.delete(passwordEntries).where(eq(passwordEntries.id, id));
    await recordPasswordEvent(tx, actor, id, 'delete');
  });
}
