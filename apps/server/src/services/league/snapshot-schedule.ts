import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { claimSnapshotTick, takeSnapshotTick } from './snapshots.js';

/**
 * A tick a minute, SNAPSHOT_ACCOUNTS_PER_TICK accounts each: the day's snapshots spread over
 * the day instead of a burst at midnight that would leave members' League tabs waiting.
 */
const TICK_MS = 60_000;

/**
 * Takes the daily League snapshots in the background, from every instance: one of them claims
 * each minute's tick, and the accounts asked and the snapshots' unique key keep anything from
 * being written twice. A failure is logged and waits for the next tick. Returns the function
 * that stops it.
 */
export function scheduleLeagueSnapshots(deps: {
  db: Db;
  riot: RiotClient;
  log: FastifyBaseLogger;
}): () => void {
  if (!deps.riot.configured) return () => undefined;
  let running = false;
  const tick = async () => {
    if (running || !(await claimSnapshotTick(deps.db))) return;
    running = true;
    try {
      const report = await takeSnapshotTick(deps);
      if (report.written > 0) deps.log.info(report, 'League snapshots taken');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => deps.log.warn({ err: error }, 'League snapshots failed'));
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
