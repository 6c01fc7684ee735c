import { z } from 'zod';

/** The longest webhook URL accepted: Discord's are about 120 characters. */
export const DISCORD_WEBHOOK_URL_MAX_LENGTH = 300;

/**
 * Why posts to a webhook stopped or failed (decision 036): Discord deleted the webhook (404),
 * refused it (401, 403), refused a message (400), or did not answer after the retries.
 */
export const DISCORD_DELIVERY_PROBLEMS = [
  'webhook_deleted',
  'webhook_refused',
  'message_refused',
  'discord_unreachable',
] as const;
export type DiscordDeliveryProblem = (typeof DISCORD_DELIVERY_PROBLEMS)[number];

/** PUT /api/discord/webhook: the URL Discord gives (Integrations → Webhooks), or null to remove. */
export const discordWebhookBodySchema = z.strictObject({
  url: z.string().trim().min(1).max(DISCORD_WEBHOOK_URL_MAX_LENGTH).nullable(),
});
export type DiscordWebhookBody = z.infer<typeof discordWebhookBodySchema>;

/** GET /api/discord/webhook: whether one is set, never its URL nor its token. */
export const discordWebhookSchema = z.object({
  configured: z.boolean(),
  /** The last four digits of the webhook's id, to tell which one is set. */
  hint: z.string().nullable(),
  /** The last delivery problem, until a post succeeds or a new URL is set. */
  problem: z.enum(DISCORD_DELIVERY_PROBLEMS).nullable(),
  problem_at: z.iso.datetime().nullable(),
  /** Posts wait for a new URL: Discord deleted or refused this webhook. */
  stopped: z.boolean(),
  /** Posts waiting to be sent. */
  pending: z.number().int(),
});
export type DiscordWebhook = z.infer<typeof discordWebhookSchema>;

/** The state of a destination without a webhook: nothing set, nothing waiting. */
export const NO_DISCORD_WEBHOOK: DiscordWebhook = {
  configured: false,
  hint: null,
  problem: null,
  problem_at: null,
  stopped: false,
  pending: 0,
};
