import type { Preferences } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';

/** Saves the member's own choices (the look), so that every device opens the same way. */
export async function savePreferences(
  db: Db,
  options: { member: UserRow; preferences: Preferences },
): Promise<UserRow> {
  const updated = await db
    .update(users)
    .set({ theme: options.preferences.theme, updatedAt: new Date() })
    .where(eq(users.id, options.member.id))
    .returning();
  return theRow(updated);
}

/** The member's choices as the session answer carries them. */
export const preferencesOf = (row: Pick<UserRow, 'theme'>): Preferences => ({ theme: row.theme });
