import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { GuildClient } from '../../integrations/discord/guild-client.js';
import { syncAllMembers, syncIsDue } from './sync.js';

/** How often an instance looks whether the sync is due; the sync's own interval is the admin's. */
const TICK_MS = 60_000;

/**
 * Runs the guild sync when it is due, from every instance: the lease lets one of them run it.
 * A failure is logged and waits for the next interval, never retried at once (a refused bot
 * token must not hammer Discord). Returns the function that stops it.
 */
export function scheduleGuildSync(deps: {
  db: Db;
  guild: GuildClient;
  log: FastifyBaseLogger;
}): () => void {
  let running = false;
  const tick = async () => {
    if (running || !(await syncIsDue(deps.db))) return;
    running = true;
    try {
      const report = await syncAllMembers(deps.db, deps.guild);
      deps.log.info(report, 'Discord membership synced');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => {
      const code = (error as { code?: unknown }).code;
      // Another instance holding the lease is the normal case when several run.
      if (code !== 'discord_sync_running') deps.log.warn({ err: error }, 'Discord sync failed');
    });
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
