import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { GuildClient } from '../../integrations/discord/guild-client.js';
import { syncAllMembers, syncIsDue } from './sync.js';

/** How often an instance looks whether the sync is due; the sync's own interval is the admin's. */
const TICK_MS = 60_000;

interface ScheduleDeps {
  db: Db;
  guild: GuildClient;
  log: FastifyBaseLogger;
}

/**
 * One look of the schedule: runs the guild sync if it is due. A failure is recorded and logged
 * by the sync and waits for the next interval, never retried at once (a refused bot token must
 * not hammer Discord). `now` stands for the clock in tests.
 */
export async function runScheduledGuildSync(deps: ScheduleDeps & { now?: Date }): Promise<void> {
  if (!(await syncIsDue(deps.db, deps.now))) return;
  try {
    const report = await syncAllMembers({ ...deps, scheduled: true });
    deps.log.info(report, 'Discord membership synced');
  } catch {
    // The sync logged its failure; a 409 means another instance runs it, the normal case when
    // several run.
  }
}

/**
 * Runs the guild sync when it is due, from every instance: the lease lets one of them run it.
 * Returns the function that stops it.
 */
export function scheduleGuildSync(deps: ScheduleDeps): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduledGuildSync(deps);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => {
      deps.log.warn({ err: error }, 'Discord sync could not tell whether it is due');
    });
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
