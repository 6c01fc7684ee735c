import type { updateAccountBodySchema } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { theRow } from '../../lib/rows.js';
import { profileColumns } from './profile-columns.js';
import { assertPseudoFree } from './pseudo-key.js';

type AccountFields = z.output<typeof updateAccountBodySchema>;

/**
 * Saves the member's own account fields. An invited member who saves its profile has joined:
 * it becomes `user` and its adhesion becomes true; otherwise role and adhesion stay as they are.
 */
export async function updateAccount({
  db,
  member,
  fields,
}: {
  db: Db;
  member: UserRow;
  fields: AccountFields;
}): Promise<UserRow> {
  const joining = member.role === 'invited';
  await assertPseudoFree(db, fields.pseudo, member.id);
  try {
    const updated = await db
      .update(users)
      .set({
        ...profileColumns(fields),
        ...(joining && { role: 'user' as const, adhesion: true }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id))
      .returning();
    return theRow(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('pseudo_taken', 'This pseudo is already taken');
    throw error;
  }
}
