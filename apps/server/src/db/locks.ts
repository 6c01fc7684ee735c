import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.js';

/**
 * Every advisory lock Guildhall takes is named here, shared by every instance on the same
 * database. The keys are arbitrary constants; they only have to differ from one another.
 */
export const LOCKS = {
  /** Applying the migrations: held for the session of the instance that migrates. */
  migrations: 727_001,
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

/**
 * Locks taken per subject: the class is the first half of the key, the subject's hash the second,
 * so that work on two subjects never waits on each other.
 */
export const SUBJECT_LOCKS = {
  /** A manager's awards of a season: the limit is read and spent under it (decision 040). */
  managerAwards: 727_040,
  /** A Riot rate-limit window shared by the instances ("RIOT"). */
  riotRateWindow: 0x52_49_4f_54,
} as const;

/** Holds `key` until the transaction ends. */
export async function lockForTransaction(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Holds the lock of `subject` in `lockClass` until the transaction ends. */
export async function lockSubjectForTransaction(
  tx: Db,
  lockClass: (typeof SUBJECT_LOCKS)[keyof typeof SUBJECT_LOCKS],
  subject: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${subject}))`);
}

/**
 * Runs `work` holding `key` for the connection's session: for work that spans transactions, such
 * as the migrations. The lock is released even when the work fails.
 */
export async function withSessionLock<T>(
  client: pg.PoolClient,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  await client.query('select pg_advisory_lock($1)', [key]);
  try {
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
  }
}
