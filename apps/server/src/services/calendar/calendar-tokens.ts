import type { CalendarFeed } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarTokens, users, type UserRow } from '../../db/schema.js';
import { sha256Hex } from '../../lib/tokens.js';

/** Whether the member has a feed, and since when (its address is only ever shown at creation). */
export async function calendarFeedOf(db: Db, userId: string): Promise<CalendarFeed> {
  const [row] = await db
    .select({ createdAt: calendarTokens.createdAt })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, userId))
    .limit(1);
  return { active: row !== undefined, created_at: row?.createdAt.toISOString() ?? null };
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
