import { DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';
import { Routes, type RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
/** What a webhook URL names: the webhook, and the token that lets anyone post through it. */
export interface WebhookAddress {
  webhookId: string;
  token: string;
}

export type WebhookPayload = RESTPostAPIWebhookWithTokenJSONBody;

/** How a post went, as the outbox acts on it. */
export type WebhookOutcome =
  | { kind: 'sent' }
  /** 404: the webhook was deleted on Discord's side. */
  | { kind: 'deleted' }
  /** 401, 403: Discord refuses this webhook. */
  | { kind: 'refused' }
  /** 400: Discord refuses this message (never retried: it would be refused again). */
  | { kind: 'message_refused' }
  /** Discord asks to wait longer than a lease should: try again after `retryAfterMs`. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** 5xx, a timeout or no answer: worth retrying later. */
  | { kind: 'unreachable' };

/** Posts through Discord webhooks; the token is in the path, so no bot token is needed. */
export interface WebhookClient {
  /** Whether Discord knows this webhook (GET /webhooks/{id}/{token}); undefined: no answer. */
  exists(address: WebhookAddress): Promise<boolean | undefined>;
  execute(address: WebhookAddress, payload: WebhookPayload): Promise<WebhookOutcome>;
}

/** Rate-limit waits longer than this are left to the outbox (a later attempt), not slept. */
const LONGEST_WAIT_MS = 60_000;

/**
 * Webhooks on discord.js's REST client, whose queue per route keeps to each webhook's bucket
 * (`X-RateLimit-*`: about 5 posts per 2 seconds) and, on a 429, waits for `retry_after` (or
 * `Retry-After`) before the one retry. Requests go to `apiUrl` only (DISCORD_API_URL), whatever
 * URL the admin pasted. The client does not retry 5xx itself: the outbox does, with backoff.
 */
export function createWebhookClient(options: { apiUrl: string; timeoutMs: number }): WebhookClient {
  const rest = new REST({
    api: options.apiUrl,
    timeout: options.timeoutMs,
    retries: 0,
    rejectOnRateLimit: (limit) => limit.retryAfter > LONGEST_WAIT_MS,
  });
  const route = ({ webhookId, token }: WebhookAddress) => Routes.webhook(webhookId, token);
  return {
    async exists(address) {
      try {
        await rest.get(route(address), { auth: false, versioned: false });
        return true;
      } catch (error) {
        if (error instanceof DiscordAPIError && [401, 403, 404].includes(error.status)) {
          return false;
        }
        return undefined;
      }
    },
    async execute(address, payload) {
      try {
        await rest.post(route(address), { auth: false, versioned: false, body: payload });
        return { kind: 'sent' };
      } catch (error) {
        if (error instanceof RateLimitError) {
          return { kind: 'rate_limited', retryAfterMs: error.retryAfter };
        }
        const status =
          error instanceof DiscordAPIError || error instanceof HTTPError ? error.status : 0;
        if (status === 404) return { kind: 'deleted' };
        if (status === 401 || status === 403) return { kind: 'refused' };
        if (status >= 400 && status < 500) return { kind: 'message_refused' };
        return { kind: 'unreachable' };
      }
    },
  };
}
