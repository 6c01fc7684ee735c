import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordWebhooks, type AlertRow } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';
import { alertMessageHash } from '../alerts/message-hash.js';
import { toDiscordMarkdown } from './discord-markdown.js';
import { enqueuePost } from './outbox.js';
import { ANNOUNCEMENTS } from './webhook-setting.js';

/**
 * An alert saved with "post to Discord" queues its post to the announcements channel, in the
 * transaction that saves it (a reaction: decision 064): once per message (the key holds its hash), so saving it again unchanged posts nothing, and a
 * changed message is posted anew. Never pings anyone, whatever the message says.
 */
export async function announceAlert(tx: Db, { alert }: { alert: AlertRow }): Promise<void> {
  if (!alert.postToDiscord) return;
  const [webhook] = await tx
    .select({ id: discordWebhooks.id })
    .from(discordWebhooks)
    .where(eq(discordWebhooks.id, ANNOUNCEMENTS));
  if (!webhook) {
    throw conflict(
      'discord_webhook_not_configured',
      'No Discord webhook is set: set one in the Discord settings first',
    );
  }
  await enqueuePost(tx, {
    destination: ANNOUNCEMENTS,
    dedupeKey: `alert:${alert.id}:${alertMessageHash(alert.message)}`,
    payload: { content: toDiscordMarkdown(alert.message), allowed_mentions: { parse: [] } },
  });
}
