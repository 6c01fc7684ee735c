import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { JobName } from '@guildhall/contract';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

/** The job's row, made once, due at `nextRunAt` (now) when it has never run. */
export async function declareJob(db: Db, name: JobName, nextRunAt: Date): Promise<void> {
  await db.insert(jobs).values({ name, nextRunAt }).onConflictDoNothing();
}

/**
 * Takes the job's lease for `holder` until now + leaseMs, in one UPDATE: only when no lease is
 * held or the last one has expired (a crashed holder), and when `due`, only once it is due.
 * Two instances asking at once: one gets the row, the other nothing.
 */
export async function claimJob(
  db: Db,
  options: { name: JobName; holder: string; leaseMs: number; now: Date; due: boolean },
): Promise<boolean> {
  const { name, holder, leaseMs, now, due } = options;
  const claimed = await db
    .update(jobs)
    .set({ holder, leaseUntil: new Date(now.getTime() + leaseMs), lastStartedAt: now })
    .where(
      and(
        eq(jobs.name, name),
        or(isNull(jobs.leaseUntil), lte(jobs.leaseUntil, now)),
        due ? lte(jobs.nextRunAt, now) : undefined,
      ),
    )
    .returning({ name: jobs.name });
  return claimed.length > 0;
}

/**
 * Gives the lease back and records the run: when it ended, its failure if any, when it is next
 * due. Only while `holder` still holds it: a run that outlived its lease, taken over by another
 * instance, writes nothing.
 */
export async function finishJob(
  db: Db,
  options: {
    name: JobName;
    holder: string;
    now: Date;
    nextRunAt: Date;
    failure: string | null;
  },
): Promise<void> {
  const { name, holder, now, nextRunAt, failure } = options;
  await db
    .update(jobs)
    .set({
      holder: null,
      leaseUntil: null,
      lastFinishedAt: now,
      nextRunAt,
      ...(failure !== null && { lastFailure: failure, lastFailureAt: now }),
    })
    .where(and(eq(jobs.name, name), eq(jobs.holder, holder)));
}

/** Moves the job's next run (an admin changed its interval); nothing if it was never declared. */
export async function rescheduleJob(
  db: Db,
  name: JobName,
  nextRunAt: (lastFinishedAt: Date | null) => Date,
): Promise<void> {
  const [row] = await db
    .select({ lastFinishedAt: jobs.lastFinishedAt })
    .from(jobs)
    .where(eq(jobs.name, name));
  if (!row) return;
  await db
    .update(jobs)
    .set({ nextRunAt: nextRunAt(row.lastFinishedAt) })
    .where(eq(jobs.name, name));
}

/** Brings the job's next run forward to `at` (a view found stale data); never puts it later. */
export async function bringJobForward(db: Db, name: JobName, at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ nextRunAt: at })
    .where(and(eq(jobs.name, name), gt(jobs.nextRunAt, at)));
}

/** Whether an instance holds the job's lease now. */
export async function jobIsRunning(db: Db, name: JobName, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ name: jobs.name })
    .from(jobs)
    .where(and(eq(jobs.name, name), gt(jobs.leaseUntil, now)));
  return row !== undefined;
}
