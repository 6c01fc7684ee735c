import type { CalendarFeed } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarTokens, users, type UserRow } from '../../db/schema.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';

/** Whether the member has a feed, and since when (its address is only ever shown at creation). */
export async function calendarFeedOf(db: Db, userId: string): Promise<CalendarFeed> {
  const [row] = await db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, userId))
    .limit(1);
  return { active: row !== undefined, created_at: row?.createdAt.toISOString() ?? null };
}

/**
 * A new feed token for the member (256 bits, base64url, as sessions'): only its SHA-256 is kept,
 * in place of the previous one, whose address stops working at once. The token is returned once.
 */
export async function createCalendarToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  const createdAt = new Date();
  await db
    .insert(calendarTokens)
    .values({ userId, tokenHash, createdAt })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { tokenHash, createdAt } });
  return token;
}

/** Revokes the member's feed; nothing to do when it has none. */
export async function revokeCalendarToken(db: Db, userId: string): Promise<void> {
  await db.delete(calendarTokens).where(eq(calendarTokens.userId, userId));
}

/** The member a feed token belongs to; undefined for an unknown or revoked one. */
export async function memberOfCalendarToken(db: Db, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(calendarTokens)
    .innerJoin(users, eq(users.id, calendarTokens.userId))
    .where(eq(calendarTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  return row?.user;
}

/** The feed's addresses: https (or http) from the server's public URL, and webcal. */
export function calendarFeedUrls(
  publicUrl: URL,
  token: string,
): { url: string; webcal_url: string } {
  const url = new URL(`/calendar/${token}.ics`, publicUrl);
  return { url: url.toString(), webcal_url: `webcal://${url.host}${url.pathname}` };
}
