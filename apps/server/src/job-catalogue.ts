import type { JobName } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import type { GuildClient } from './integrations/discord/guild-client.js';
import type { WebhookClient } from './integrations/discord/webhook-client.js';
import type { RiotClient } from './integrations/riot/client.js';
import { outboxJob } from './services/discord-webhooks/outbox-worker.js';
import { discordSyncJob } from './services/discord/sync.js';
import { remindersJob } from './services/events/reminders.js';
import { leagueSnapshotsJob } from './services/league/snapshot-schedule.js';
import { leagueWarmJob } from './services/league/warm-schedule.js';
import type { Vault } from './services/vault/keyring.js';
import { membershipPointsJob } from './services/points/membership-schedule.js';
import type { Job } from './jobs/job.js';

/** Which jobs this instance runs: its settings (config.ts, JOB_*); a job left out does not run. */
export type JobSwitches = Partial<Record<JobName, boolean>>;

/**
 * Every background job of the server, each declared in its domain: the ones switched on that
 * can run here (the Discord sync needs a bot, the League jobs a Riot key).
 */
export function switchedOnJobs(
  switches: JobSwitches,
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    vault: Vault;
    guild: GuildClient | undefined;
    webhooks: WebhookClient;
    riot: RiotClient;
    origin: string;
  },
): Job[] {
  const { db, log, guild, riot } = deps;
  const declared: Partial<Record<JobName, Job | undefined>> = {
    'discord-sync': guild && discordSyncJob({ db, guild, log, scheduled: true }),
    'discord-outbox': outboxJob({ db, vault: deps.vault, client: deps.webhooks, log }),
    'event-reminders': remindersJob({ db, origin: deps.origin, log }),
    'membership-points': membershipPointsJob({ db, log }),
    'league-snapshots': riot.configured ? leagueSnapshotsJob({ db, riot, log }) : undefined,
    'league-warm': riot.configured ? leagueWarmJob({ db, riot, log }) : undefined,
  };
  return Object.entries(declared).flatMap(([name, job]) =>
    job && switches[name as JobName] ? [job] : [],
  );
}
