import type { PasswordAuditEvent } from '@guildhall/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordAuditEvents, passwordEntries, users } from '../../db/schema.js';
import { passwordNotFound } from './access.js';

/** GET /api/password/{id}/audit: the entry's events, newest first. */
export async function readPasswordAudit({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<PasswordAuditEvent[]> {
  const rows = await db
    .select({ event: passwordAuditEvents, memberId: users.id })
    .from(passwordAuditEvents)
    .leftJoin(users, eq(users.id, passwordAuditEvents.userId))
    .where(eq(passwordAuditEvents.entryId, id))
    .orderBy(desc(passwordAuditEvents.createdAt), desc(passwordAuditEvents.sequence));
  if (rows.length === 0) {
    const [entry] = await db
      .select({ id: passwordEntries.id })
      .from(passwordEntries)
      .where(eq(passwordEntries.id, id));
    if (!entry) throw passwordNotFound();
  }
  return rows.map(({ event, memberId }) => ({
    _id: event.id,
    action: event.action,
    at: event.createdAt.toISOString(),
    member: { _id: memberId, pseudo: event.pseudo },
  }));
}
