import { cutPage, type Page, type PasswordAuditEvent } from '@guildhall/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterCursor, exactInstant } from '../../db/keyset.js';
import { passwordAuditEvents, passwordEntries, users } from '../../db/schema.js';
import { passwordNotFound } from './access.js';

/** GET /api/password/{id}/audit: the entry's events, newest first, a page at a time. */
export async function readPasswordAudit({
  db,
  id,
  cursor,
  limit,
}: {
  db: Db;
  id: string;
  /** The last event of the page before: its instant and its place in the sequence. */
  cursor?: [string, number] | undefined;
  limit: number;
}): Promise<Page<PasswordAuditEvent>> {
  const rows = await db
    .select({
      event: passwordAuditEvents,
      memberId: users.id,
      exactAt: exactInstant(passwordAuditEvents.createdAt),
    })
    .from(passwordAuditEvents)
    .leftJoin(users, eq(users.id, passwordAuditEvents.userId))
    .where(
      and(
        eq(passwordAuditEvents.entryId, id),
        afterCursor('desc', [passwordAuditEvents.createdAt, passwordAuditEvents.sequence], cursor),
      ),
    )
    .orderBy(desc(passwordAuditEvents.createdAt), desc(passwordAuditEvents.sequence))
    .limit(limit + 1);
  if (rows.length === 0 && !cursor) {
    const [entry] = await db
      .select({ id: passwordEntries.id })
      .from(passwordEntries)
      .where(eq(passwordEntries.id, id));
    if (!entry) throw passwordNotFound();
  }
  return cutPage(
    rows,
    limit,
    ({ event, memberId }) => ({
      _id: event.id,
      action: event.action,
      at: event.createdAt.toISOString(),
      member: { _id: memberId, pseudo: event.pseudo },
    }),
    ({ event, exactAt }) => [exactAt, event.sequence],
  );
}
