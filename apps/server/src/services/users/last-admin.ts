import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';

/** Refuses to leave the organisation without an admin; call inside a transaction holding the lock. */
export async function assertAnotherAdmin(tx: Db, member: UserRow): Promise<void> {
  if (member.role !== 'admin') return;
  const [others] = await tx
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, member.id)));
  if ((others?.admins ?? 0) === 0) {
    throw conflict('last_admin', 'The organisation needs at least one admin: name another first');
  }
}
