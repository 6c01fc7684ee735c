import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

export async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('user_not_found', 'No member has this id');
  return row;
}

/**
 * A member an admin listed with this Discord name (the member CSV's `discord` column) who has
 * not signed in with Discord yet: the account of that name takes it instead of making a new
 * member. Discord names are unique; two unclaimed members of one name claim neither.
 */
export async function unclaimedByDiscordName(
  db: Db,
  discordTag: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(isNull(users.discordId), sql`lower(${users.discordTag}) = ${discordTag.toLowerCase()}`),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}
