import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Job } from './job.js';
import { declareJob } from './leases.js';
import { runJob } from './run.js';

/** How often an instance looks for due jobs: the outbox's posts go out within seconds. */
const TICK_MS = 5_000;

export interface JobRunner {
  /** Looks at every job every TICK_MS from now on. */
  start: () => void;
  /** One look: runs each due job this instance does not already run; resolves when they end. */
  tick: () => Promise<void>;
  /**
   * Stops looking, tells the runs in flight to stop (their signal) and waits for them, so that
   * their leases are given back before the database closes.
   */
  stop: () => Promise<void>;
}

/**
 * The one runner of background jobs (decision 059), one per instance. Every instance may run
 * every job: the job's lease in `jobs` lets one of them run it at a time. `holder` names this
 * instance in the leases; `now` stands for the clock in tests.
 */
export function createJobRunner(options: {
  db: Db;
  jobs: readonly Job[];
  log: FastifyBaseLogger;
  holder?: string;
  now?: () => Date;
  tickMs?: number;
}): JobRunner {
  const { db, jobs, log } = options;
  const holder = options.holder ?? randomUUID();
  const now = options.now ?? (() => new Date());
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let declared: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const declare = () => {
    declared ??= Promise.all(jobs.map((job) => declareJob(db, job.name, now()))).then(
      () => undefined,
      (error: unknown) => {
        declared = undefined;
        throw error;
      },
    );
    return declared;
  };

  const runOne = (job: Job): Promise<void> => {
    const running = runJob(db, job, { holder, now, due: true, signal: stopping.signal, log })
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, job: job.name }, 'job could not be run'),
      )
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, running);
    return running;
  };

  const tick = async () => {
    if (stopping.signal.aborted) return;
    await declare();
    // Stopped while declaring: nothing more starts.
    if (stopping.signal.aborted) return;
    await Promise.all(jobs.filter((job) => !inFlight.has(job.name)).map((job) => runOne(job)));
  };

  return {
    start() {
      if (timer || stopping.signal.aborted || jobs.length === 0) return;
      timer = setInterval(() => {
        tick().catch((error: unknown) => log.warn({ err: error }, 'jobs could not be declared'));
      }, options.tickMs ?? TICK_MS);
      timer.unref();
    },
    tick,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await Promise.all(inFlight.values());
    },
  };
}
