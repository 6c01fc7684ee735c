import type { LinkProvider } from '@guildhall/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';

export type LinkSocialAccountResult = 'linked' | 'already_linked' | 'member_not_found';

/**
 * Stores the login of a social account the member proved it owns. One member per account,
 * whatever the case: another member holding it keeps it. Linking it again to the same member,
 * or replacing the member's previous account, is fine.
 */
export async function linkSocialAccount({
  db,
  memberId,
  provider,
  login,
}: {
  db: Db;
  memberId: string;
  provider: LinkProvider;
  login: string;
}): Promise<LinkSocialAccountResult> {
  const column = provider === 'twitch' ? users.twitchLogin : users.twitterLogin;
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${column})`, login.toLowerCase()), ne(users.id, memberId)))
    .limit(1);
  if (holder) return 'already_linked';
  try {
    const updated = await db
      .update(users)
      .set({
        ...(provider === 'twitch' ? { twitchLogin: login } : { twitterLogin: login }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, memberId))
      .returning({ id: users.id });
    return updated.length > 0 ? 'linked' : 'member_not_found';
  } catch (error) {
    // Another member linked the same account between the check and the update: the unique
    // index on lower(login) is the last word (nothing else unique changes here).
    if (isUniqueViolation(error)) return 'already_linked';
    throw error;
  }
}
