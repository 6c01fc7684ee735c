import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { every, type Job } from '../../jobs/job.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { takeSnapshotTick, type SnapshotTickReport } from './snapshots.js';

/**
 * A run a minute, SNAPSHOT_ACCOUNTS_PER_TICK accounts each: the day's snapshots spread over
 * the day instead of a burst at midnight that would leave members' League tabs waiting.
 */
const INTERVAL_MS = 60_000;
const LEASE_MS = 10 * 60_000;

/**
 * Takes the daily League snapshots (decision 059): one instance a minute under the job's
 * lease; the accounts asked and the snapshots' unique key keep anything from being written
 * twice. A failure waits for the next minute.
 */
export function leagueSnapshotsJob(deps: {
  db: Db;
  riot: RiotClient;
  log: FastifyBaseLogger;
}): Job<SnapshotTickReport> {
  return {
    name: 'league-snapshots',
    leaseMs: LEASE_MS,
    next: every(INTERVAL_MS),
    run: async ({ now }) => {
      const report = await takeSnapshotTick({ ...deps, now });
      if (report.written > 0) deps.log.info(report, 'League snapshots taken');
      return report;
    },
  };
}
