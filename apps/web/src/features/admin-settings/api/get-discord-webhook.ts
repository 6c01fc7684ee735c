import { type DiscordWebhook } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discordQueryKeys } from './discord-query-keys';
import { ORGANIZATION_WEBHOOK, type WebhookTarget, webhookPath } from './discord-webhook-target';

/** GET: whether the target has a webhook and how its posts go, never its URL. */
export function getDiscordWebhook(
  target: WebhookTarget,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DiscordWebhook> {
  return apiRequest(webhookPath(target), { schema: 'discordWebhookSchema', signal });
}

/** Asked only by who may manage Discord (`manage:discord`): the server refuses everyone else. */
export function useDiscordWebhook({
  target = ORGANIZATION_WEBHOOK,
  enabled = true,
}: { target?: WebhookTarget; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: discordQueryKeys.webhook(target),
    queryFn: ({ signal }) => getDiscordWebhook(target, { signal }),
    enabled,
  });
}
