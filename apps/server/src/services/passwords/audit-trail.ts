import type { PasswordAuditEvent } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { passwordAuditEvents } from '../../db/schema.js';
import type { PasswordActor } from './access.js';

/** One event of the entry's audit trail, in the caller's transaction. */
export async function recordPasswordEvent(
  db: Db,
  actor: PasswordActor,
  entryId: string,
  action: PasswordAuditEvent['action'],
): Promise<void> {
  await db.insert(passwordAuditEvents).values({
    id: newId(),
    entryId,
    userId: actor.id,
    pseudo: actor.pseudo,
    action,
  });
}
