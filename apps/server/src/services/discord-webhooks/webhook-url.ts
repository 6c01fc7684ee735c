import type { WebhookAddress } from '../../integrations/discord/webhook-client.js';
import { HttpError } from '../../lib/http-error.js';

/** Discord's hosts, its test builds' included; nothing else is ever accepted. */
const DISCORD_HOSTS = new Set([
  'discord.com',
  'discordapp.com',
  'ptb.discord.com',
  'canary.discord.com',
]);
const WEBHOOK_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([\w-]{20,100})$/;

const refused = () =>
  new HttpError(
    400,
    'invalid_discord_webhook_url',
    'Not a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}',
  );

/**
 * The webhook a URL copied from Discord names, or 400 invalid_discord_webhook_url. Only its id
 * and token are kept: posts go to the configured Discord API, never to a host the URL chose
 * (no request is made to an address an admin typed).
 */
export function parseWebhookUrl(raw: string): WebhookAddress {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused();
  }
  const [, webhookId, token] = WEBHOOK_PATH.exec(url.pathname) ?? [];
  if (
    url.protocol !== 'https:' ||
    !DISCORD_HOSTS.has(url.hostname) ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    // `?` and `#` with nothing after them too: the URL is taken as Discord gives it, or not.
    /[?#\s\\]/.test(raw) ||
    !webhookId ||
    !token
  ) {
    throw refused();
  }
  return { webhookId, token };
}
