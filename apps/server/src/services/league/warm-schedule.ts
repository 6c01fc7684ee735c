import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { warmLeague, type WarmTickReport } from './warm-league.js';

/** A run starts no account after this long: the lease stays short, the runner's look regular. */
const RUN_MS = 60_000;
const LEASE_MS = 5 * 60_000;
/** Accounts still due after a run that ran out of time: the next run soon. */
const AGAIN_MS = 5_000;
/** Nothing due: look again in a minute (a stale view makes it due at once). */
const IDLE_MS = 60_000;

/**
 * Keeps League data warm (decision 066): one instance at a time under the job's lease, as many
 * accounts per run as the background's share of the Riot key allows, then due again when that
 * share has room. A view of stale data makes it due at once (queue-league-refresh.ts).
 */
export function leagueWarmJob(deps: {
  db: Db;
  riot: RiotClient;
  log: FastifyBaseLogger;
}): Job<WarmTickReport> {
  let after = IDLE_MS;
  return {
    name: 'league-warm',
    leaseMs: LEASE_MS,
    next: (finishedAt) => new Date(finishedAt.getTime() + after),
    run: async ({ now, signal }) => {
      // The runner's clock (a fake one in tests), moving on as the run goes.
      const started = Date.now();
      const report = await warmLeague({
        ...deps,
        signal,
        clock: () => now.getTime() + (Date.now() - started),
        until: now.getTime() + RUN_MS,
      });
      after = report.retryAfterMs ?? (report.due > report.refreshed ? AGAIN_MS : IDLE_MS);
      if (report.refreshed > 0) deps.log.debug(report, 'League data kept warm');
      return report;
    },
  };
}
