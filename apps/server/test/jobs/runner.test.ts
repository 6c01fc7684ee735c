import type { JobName, JobStatus } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.js';
import type { Job } from '../../src/jobs/job.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { listJobs } from '../../src/jobs/status.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.delete(jobs);
});

const log = pino({ level: 'silent' });
const NAME: JobName = 'membership-points';
const MINUTE = 60_000;
const LEASE_MS = 10 * MINUTE;

/** A job that counts its runs, due a minute after each; `body` is what a run does. */
function countingJob(body: (run: number, signal: AbortSignal) => Promise<void> = async () => {}) {
  const job = {
    runs: 0,
    declared: {
      name: NAME,
      leaseMs: LEASE_MS,
      next: (finishedAt: Date) => new Date(finishedAt.getTime() + MINUTE),
      run: async ({ signal }: { signal: AbortSignal }) => {
        job.runs += 1;
        await body(job.runs, signal);
      },
      failureOf: (error: unknown) => (error instanceof Error ? error.name : 'failed'),
    } satisfies Job,
  };
  return job;
}

/** A clock the test moves. */
function testClock(start = Date.parse('2030-03-01T12:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const runnerOf = (job: Job, holder: string, clock: { now: () => Date }) =>
  createJobRunner({ db: ctx.db, jobs: [job], log, holder, now: clock.now });

const statusOf = async (name: JobName = NAME): Promise<JobStatus> => {
  const status = (
    await listJobs(
      ctx.db,
      new Set([name]),
      new Date(Date.parse('2030-03-01T12:00:00Z') + 30 * MINUTE),
    )
  ).find((job) => job.name === name);
  if (!status) throw new Error(`no job ${name}`);
  return status;
};

const rowOf = async () => (await ctx.db.select().from(jobs).where(eq(jobs.name, NAME)))[0];

/** A promise the test settles, and whether a run has reached it. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  return {
    wait: async () => {
      reached();
      await opened;
    },
    reached: reachedPromise,
    open: () => open(),
  };
}

describe('the job runner', () => {
  it('runs a job once per due time across two instances on one database', async () => {
    const clock = testClock();
    const job = countingJob();
    const first = runnerOf(job.declared, 'first', clock);
    const second = runnerOf(job.declared, 'second', clock);

    await Promise.all([first.tick(), second.tick()]);
    expect(job.runs).toBe(1);
    // Not due again before its minute: neither instance runs it.
    clock.advance(30_000);
    await Promise.all([first.tick(), second.tick()]);
    expect(job.runs).toBe(1);
    // Due again: once more, whichever instance takes it.
    clock.advance(30_000);
    await Promise.all([second.tick(), first.tick()]);
    expect(job.runs).toBe(2);

    const status = await statusOf();
    expect(status).toMatchObject({ enabled: true, running: false, last_failure: null });
    expect(status.next_run_at).toBe(new Date(clock.now().getTime() + MINUTE).toISOString());
  });

  it('records a failed run for admins, without its message, and runs it again when due', async () => {
    const clock = testClock();
    const job = countingJob(async (run) => {
      if (run === 1) throw new TypeError('https://discord.com/api/webhooks/1/secret-token');
    });
    const runner = runnerOf(job.declared, 'only', clock);

    await runner.tick();
    const failed = await statusOf();
    expect(failed.last_failure).toEqual({ code: 'TypeError', at: clock.now().toISOString() });
    expect(JSON.stringify(await rowOf())).not.toContain('secret-token');
    expect(failed.running).toBe(false);

    clock.advance(MINUTE);
    await runner.tick();
    expect(job.runs).toBe(2);
    const after = await statusOf();
    // The failure stays on record, older than the run that worked.
    expect(after.last_failure?.code).toBe('TypeError');
    expect(after.last_finished_at).toBe(clock.now().toISOString());
  });

  it('runs a failed job again after its retry when it declares one, rather than at its next run', async () => {
    const clock = testClock();
    const job = countingJob(async (run) => {
      if (run === 1) throw new Error('the database went away');
    });
    const runner = runnerOf(
      {
        ...job.declared,
        next: () => new Date('2030-03-02T00:00:00Z'),
        retryAfterFailureMs: 15 * MINUTE,
      },
      'only',
      clock,
    );

    await runner.tick();
    expect((await statusOf()).next_run_at).toBe(
      new Date(clock.now().getTime() + 15 * MINUTE).toISOString(),
    );
    clock.advance(15 * MINUTE);
    await runner.tick();
    expect(job.runs).toBe(2);
    // A success: due at its next run.
    expect((await statusOf()).next_run_at).toBe('2030-03-02T00:00:00.000Z');
  });

  it('lets another instance take over a job whose holder crashed, once its lease has expired', async () => {
    const clock = testClock();
    const hung = gate();
    const crashed = countingJob(() => hung.wait());
    // The first instance takes the job and never ends it (its process died mid-run).
    const dying = runnerOf(crashed.declared, 'dying', clock);
    const dyingTick = dying.tick();
    await hung.reached;

    const survivor = countingJob();
    const other = runnerOf(survivor.declared, 'survivor', clock);
    clock.advance(LEASE_MS - 1);
    await other.tick();
    expect(survivor.runs).toBe(0);
    expect((await rowOf())?.holder).toBe('dying');

    clock.advance(1);
    await other.tick();
    expect(survivor.runs).toBe(1);
    const row = await rowOf();
    expect(row).toMatchObject({ holder: null, leaseUntil: null });
    expect(row?.lastFinishedAt?.toISOString()).toBe(clock.now().toISOString());

    // The dead run's late end writes nothing over the survivor's record.
    hung.open();
    await dyingTick;
    expect((await rowOf())?.nextRunAt.toISOString()).toBe(
      new Date(clock.now().getTime() + MINUTE).toISOString(),
    );
  });

  it('waits for the run in flight when it stops, tells it to stop, then gives the lease back', async () => {
    const clock = testClock();
    const running = gate();
    let sawStop = false;
    const job = countingJob(async (_run, signal) => {
      await running.wait();
      sawStop = signal.aborted;
    });
    const runner = runnerOf(job.declared, 'stopping', clock);
    const tick = runner.tick();
    await running.reached;
    expect((await rowOf())?.holder).toBe('stopping');

    let stopped = false;
    const stop = runner.stop().then(() => (stopped = true));
    // Stopping does not end before the run: the lease is still held.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    expect((await rowOf())?.leaseUntil).not.toBeNull();

    running.open();
    await stop;
    await tick;
    expect(sawStop).toBe(true);
    expect(await rowOf()).toMatchObject({ holder: null, leaseUntil: null });
    // A stopped runner takes nothing more.
    clock.advance(MINUTE);
    await runner.tick();
    expect(job.runs).toBe(1);
  });
});
