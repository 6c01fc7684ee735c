import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { oauthStates } from '../db/schema.js';
import { sameSecret, sha256Hex } from '../lib/tokens.js';

/** How long a member has to come back from the provider. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
export const OAUTH_STATE_COOKIE = 'guildhall_oauth_state';

export async function saveOAuthState(
  db: Db,
  attempt: { state: string; provider: string; codeVerifier: string; userId?: string },
): Promise<void> {
  const now = new Date();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values({
    stateHash: sha256Hex(attempt.state),
    provider: attempt.provider,
    codeVerifier: attempt.codeVerifier,
    userId: attempt.userId ?? null,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000),
  });
}

/** Takes the attempt out of the table: a state is good for one callback, within its lifetime. */
export async function consumeOAuthState(
  db: Db,
  state: string,
  provider: string,
): Promise<{ codeVerifier: string; userId: string | null } | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, sha256Hex(state)),
        eq(oauthStates.provider, provider),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning({ codeVerifier: oauthStates.codeVerifier, userId: oauthStates.userId });
  return row ?? null;
}

/**
 * The attempt a provider's callback belongs to: the state in the query must be the one this
 * browser was given (its cookie), and it is consumed, so it works once. Null otherwise.
 */
export async function consumeCallbackState(
  db: Db,
  callback: { queryState: string | undefined; cookieState: string | undefined; provider: string },
): Promise<{ codeVerifier: string; userId: string | null } | null> {
  const { queryState, cookieState, provider } = callback;
  if (!queryState || !cookieState || !sameSecret(queryState, cookieState)) return null;
  return consumeOAuthState(db, queryState, provider);
}
