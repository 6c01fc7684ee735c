import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Job } from './job.js';
import { claimJob, declareJob, finishJob } from './leases.js';

export type JobOutcome<Result> =
  { ran: false } | { ran: true; result: Result } | { ran: true; error: unknown };

/**
 * One run of a job under its lease: claimed (when due, unless `due` is false: an admin's "run
 * now"), run, then the lease given back with how it went. `ran: false` when another instance
 * holds it, or it is not due. A failure is recorded as the job's code for it and returned, not
 * thrown.
 */
export async function runJob<Result>(
  db: Db,
  job: Job<Result>,
  options: {
    holder: string;
    now?: () => Date;
    due: boolean;
    signal?: AbortSignal;
    log: FastifyBaseLogger;
  },
): Promise<JobOutcome<Result>> {
  const { holder, due, log } = options;
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  if (!due) await declareJob(db, job.name, startedAt);
  const claimed = await claimJob(db, {
    name: job.name,
    holder,
    leaseMs: job.leaseMs,
    now: startedAt,
    due,
  });
  if (!claimed) return { ran: false };
  let outcome: JobOutcome<Result>;
  let failure: string | null = null;
  try {
    const result = await job.run({
      now: startedAt,
      signal: options.signal ?? new AbortController().signal,
      log,
    });
    outcome = { ran: true, result };
  } catch (error) {
    failure = job.failureOf?.(error) ?? 'failed';
    log.warn({ err: error, job: job.name, failure }, 'job failed');
    outcome = { ran: true, error };
  }
  const finishedAt = now();
  let nextRunAt: Date;
  try {
    nextRunAt =
      failure !== null && job.retryAfterFailureMs !== undefined
        ? new Date(finishedAt.getTime() + job.retryAfterFailureMs)
        : await job.next(finishedAt, db);
  } catch (error) {
    // Its schedule could not be read (the database?): due again in a minute.
    log.warn({ err: error, job: job.name }, 'job schedule could not be read');
    nextRunAt = new Date(finishedAt.getTime() + 60_000);
  }
  await finishJob(db, { name: job.name, holder, now: finishedAt, nextRunAt, failure });
  return outcome;
}
