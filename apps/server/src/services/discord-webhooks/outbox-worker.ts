import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { every, type Job } from '../../jobs/job.js';
import type { WebhookClient } from '../../integrations/discord/webhook-client.js';
import type { Vault } from '../vault/keyring.js';
import { deliverDuePosts } from './outbox.js';

/** How often the outbox is looked at: an announcement is out within seconds. */
const INTERVAL_MS = 5_000;
/** Longer than sending a backlog takes; each post also has its own claim (outbox.ts). */
const LEASE_MS = 5 * 60_000;

/**
 * Sends the outbox's due posts (decision 059): one instance at a time under the job's lease,
 * each post claimed for its delivery. A stop ends after the post being sent.
 */
export function outboxJob(deps: {
  db: Db;
  vault: Vault;
  client: WebhookClient;
  log: FastifyBaseLogger;
}): Job<number> {
  return {
    name: 'discord-outbox',
    leaseMs: LEASE_MS,
    next: every(INTERVAL_MS),
    run: async ({ signal }) => {
      const sent = await deliverDuePosts({ ...deps, shouldStop: () => signal.aborted });
      if (sent > 0) deps.log.info({ sent }, 'Discord posts sent');
      return sent;
    },
  };
}
