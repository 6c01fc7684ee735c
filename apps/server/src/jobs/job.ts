import type { JobName } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** What a run is given: the clock's time it started, and whether the runner is stopping. */
export interface JobContext {
  now: Date;
  /** Aborted when the runner stops: a long run ends at its next safe point. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * A background job, declared once (jobs/catalogue.ts): its name, when it is due again, how long
 * its lease lasts, and what it does. The runner claims it in `jobs` when due, so that one
 * instance runs it at a time, and records how it went.
 */
export interface Job<Result = unknown> {
  name: JobName;
  /**
   * How long a run may hold the job: longer than its longest run. A crashed holder keeps it
   * this long at most; then another instance takes it over.
   */
  leaseMs: number;
  /** When it is next due after a run (failed or not) that ended at `finishedAt`. */
  next: (finishedAt: Date, db: Db) => Date | Promise<Date>;
  /** After a failure, due again this soon rather than at `next` (none: at `next`). */
  retryAfterFailureMs?: number;
  run: (context: JobContext) => Promise<Result>;
  /** A short code for a failure, recorded for admins: never an error's message (no secrets). */
  failureOf?: (error: unknown) => string;
}

/** A job due again `ms` after its last run ended. */
export const every =
  (ms: number) =>
  (finishedAt: Date): Date =>
    new Date(finishedAt.getTime() + ms);
