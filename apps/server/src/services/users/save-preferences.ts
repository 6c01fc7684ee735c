import type { Preferences, PreferencesBody } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';

/**
 * Saves the member's own choices, those the body names: the look, so that every device opens the
 * same way; whether everyone sees its real name, from the next answer on.
 */
export async function savePreferences({
  db,
  member,
  preferences,
}: {
  db: Db;
  member: UserRow;
  preferences: PreferencesBody;
}): Promise<UserRow> {
  const { theme, show_real_name: showRealName } = preferences;
  const updated = await db
    .update(users)
    .set({
      ...(theme !== undefined && { theme }),
      ...(showRealName !== undefined && { showRealName }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, member.id))
    .returning();
  return theRow(updated);
}

/** The member's choices as the session answer carries them. */
export const preferencesOf = (row: Pick<UserRow, 'theme' | 'showRealName'>): Preferences => ({
  theme: row.theme,
  show_real_name: row.showRealName,
});
