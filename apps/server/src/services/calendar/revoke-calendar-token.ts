import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarTokens } from '../../db/schema.js';

/** Revokes the member's feed; nothing to do when it has none. */
export async function revokeCalendarToken({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<void> {
  await db.delete(calendarTokens).where(eq(calendarTokens.userId, userId));
}
