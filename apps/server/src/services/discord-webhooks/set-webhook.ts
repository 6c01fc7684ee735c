import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordWebhooks } from '../../db/schema.js';
import type { WebhookClient } from '../../integrations/discord/webhook-client.js';
import { HttpError } from '../../lib/http-error.js';
import { assertCurrentKey, type Vault } from '../vault/keyring.js';
import { ANNOUNCEMENTS, sealToken } from './webhook-setting.js';
import { parseWebhookUrl } from './webhook-url.js';

/**
 * PUT /api/discord/webhook: a new URL replaces the destination's webhook (its token sealed like
 * the vault's passwords) and lifts a stop, so that waiting posts go out; null removes it with
 * the posts waiting for it. Discord is asked first whether it knows the webhook.
 */
export async function setWebhook({
  db,
  vault,
  client,
  url,
  destination = ANNOUNCEMENTS,
}: {
  db: Db;
  vault: Vault;
  client: WebhookClient;
  url: string | null;
  destination?: string;
}): Promise<void> {
  if (url === null) {
    await db.delete(discordWebhooks).where(eq(discordWebhooks.id, destination));
    return;
  }
  const address = parseWebhookUrl(url);
  const known = await client.exists(address);
  if (known === false) {
    throw new HttpError(400, 'discord_webhook_unknown', 'Discord does not know this webhook');
  }
  if (known === undefined) {
    throw new HttpError(503, 'discord_unavailable', 'Discord did not answer about the webhook');
  }
  await db.transaction(async (tx) => {
    await assertCurrentKey(tx, vault);
    const values = {
      webhookId: address.webhookId,
      sealedToken: sealToken(vault.key, address.token, destination),
      keyVersion: vault.version,
      problem: null,
      problemAt: null,
      stopped: false,
      updatedAt: new Date(),
    };
    await tx
      .insert(discordWebhooks)
      .values({ id: destination, ...values })
      .onConflictDoUpdate({ target: discordWebhooks.id, set: values });
  });
}
