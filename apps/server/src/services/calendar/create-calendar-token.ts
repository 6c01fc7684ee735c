import type { Db } from '../../db/client.js';
import { calendarTokens } from '../../db/schema.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';

/**
 * A new feed token for the member (256 bits, base64url, as sessions'): only its SHA-256 is kept,
 * in place of the previous one, whose address stops working at once. The token is returned once.
 */
export async function createCalendarToken({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<string> {
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  const createdAt = new Date();
  await db
    .insert(calendarTokens)
    .values({ userId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { tokenHash, createdAt } });
  return token;
}
