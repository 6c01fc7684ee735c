import { JOB_NAMES, type JobName, type JobStatus } from '@guildhall/contract';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

/**
 * Every job as admins read it: `enabled` by this instance's settings, and from its row where
 * it stands (a job no instance has declared yet: never run, nothing due).
 */
export async function listJobs(
  db: Db,
  enabled: ReadonlySet<JobName>,
  now = new Date(),
): Promise<JobStatus[]> {
  const rows = new Map((await db.select().from(jobs)).map((row) => [row.name, row]));
  return JOB_NAMES.map((name) => {
    const row = rows.get(name);
    return {
      name,
      enabled: enabled.has(name),
      last_started_at: row?.lastStartedAt?.toISOString() ?? null,
      last_finished_at: row?.lastFinishedAt?.toISOString() ?? null,
      last_failure:
        row?.lastFailureAt && row.lastFailure
          ? { code: row.lastFailure, at: row.lastFailureAt.toISOString() }
          : null,
      next_run_at: row?.nextRunAt.toISOString() ?? null,
      running: row?.leaseUntil != null && row.leaseUntil.getTime() > now.getTime(),
    };
  });
}
