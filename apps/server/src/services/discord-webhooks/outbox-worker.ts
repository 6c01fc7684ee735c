import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { WebhookClient } from '../../integrations/discord/webhook-client.js';
import type { Vault } from '../passwords/vault-key/keyring.js';
import { deliverDuePosts } from './outbox.js';

/** How often an instance looks for due posts: an announcement is out within seconds. */
const TICK_MS = 5_000;

/**
 * Sends the outbox's due posts from every instance (each post's lease lets one of them send
 * it). Returns the function that stops it, which waits for the post being sent, if any.
 */
export function scheduleOutbox(deps: {
  db: Db;
  vault: Vault;
  client: WebhookClient;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  let stopping = false;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = deliverDuePosts({ ...deps, shouldStop: () => stopping })
      .then(
        (sent) => {
          if (sent > 0) deps.log.info({ sent }, 'Discord posts sent');
        },
        (error: unknown) => deps.log.warn({ err: error }, 'Discord posts failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return async () => {
    stopping = true;
    clearInterval(timer);
    await running;
  };
}
