import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Transaction-scoped advisory locks, shared by every instance on the same database. The keys are
 * arbitrary constants; they only have to differ from one another.
 */
export const LOCKS = {
  /** Who is admin: the first sign-in, promotions, demotions and deletions of admins. */
  adminRoles: 727_002,
  /** Computing the pseudo keys of members made before they existed, once, at start. */
  pseudoKeys: 727_003,
  /** Computing the name keys of teams made before they existed, once, at start. */
  teamNameKeys: 727_004,
  /** Who holds which Riot ID: saving a member's League logins. */
  riotIds: 727_005,
  /** Seasons' days: two seasons never share one. */
  seasons: 727_006,
} as const;

export async function lockForTransaction(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
