import type { DiscordSyncReport } from '@guildhall/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { GuildClient } from '../../integrations/discord/guild-client.js';
import { runJob, type JobOutcome } from '../../jobs/run.js';
import { conflict } from '../../lib/http-error.js';
import { discordSyncJob } from './sync.js';

/** An admin's sync now: one sync at a time across instances, 409 while another runs. */
export async function syncAllMembers(options: {
  db: Db;
  guild: GuildClient;
  log: FastifyBaseLogger;
}): Promise<DiscordSyncReport> {
  const job = discordSyncJob({ ...options, scheduled: false });
  let outcome: JobOutcome<DiscordSyncReport>;
  try {
    outcome = await runJob(options.db, job, {
      holder: randomUUID(),
      due: false,
      log: options.log,
    });
  } catch (error) {
    options.log.warn({ err: error, scheduled: false }, 'Discord sync could not start');
    throw error;
  }
  if (!outcome.ran)
    throw conflict('discord_sync_running', 'A sync with Discord is already running');
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}
