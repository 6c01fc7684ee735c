import { NO_DISCORD_WEBHOOK, type DiscordWebhook } from '@guildhall/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordOutbox, discordWebhooks, type DiscordWebhookRow } from '../../db/schema.js';
import type { WebhookAddress } from '../../integrations/discord/webhook-client.js';
import { tokenBinding } from '../vault/bindings.js';
import { open, seal } from '../vault/crypto.js';
import type { Vault } from '../vault/keyring.js';

/** The destination of the organisation's announcements (alerts posted to Discord). */
export const ANNOUNCEMENTS = 'announcements';

/** The destination of a team's posts (its events' reminders). */
export const teamDestination = (teamId: string) => `team:${teamId}`;

/** A team deleted: its channel goes with it, with the posts waiting for it (a reaction). */
export async function forgetTeamWebhook(tx: Db, { teamId }: { teamId: string }): Promise<void> {
  await tx.delete(discordWebhooks).where(eq(discordWebhooks.id, teamDestination(teamId)));
}

export const sealToken = (key: Buffer, token: string, destination: string) =>
  seal(key, token, tokenBinding(destination));

/** The webhook of a destination, its token opened with the vault's key. */
export const webhookAddress = (vault: Vault, row: DiscordWebhookRow): WebhookAddress => ({
  webhookId: row.webhookId,
  token: open(vault.key, row.sealedToken, tokenBinding(row.id)),
});

/** GET /api/discord/webhook: whether one is set and how its posts go; never the URL. */
export async function describeWebhook(
  db: Db,
  destination = ANNOUNCEMENTS,
): Promise<DiscordWebhook> {
  const [row] = await db.select().from(discordWebhooks).where(eq(discordWebhooks.id, destination));
  if (!row) return NO_DISCORD_WEBHOOK;
  const [waiting] = await db
    .select({ pending: count() })
    .from(discordOutbox)
    .where(and(eq(discordOutbox.destination, destination), eq(discordOutbox.status, 'pending')));
  return {
    configured: true,
    hint: row.webhookId.slice(-4),
    problem: row.problem,
    problem_at: row.problemAt?.toISOString() ?? null,
    stopped: row.stopped,
    pending: waiting?.pending ?? 0,
  };
}
