import { type DiscordWebhookBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discordQueryKeys } from './discord-query-keys';
import { ORGANIZATION_WEBHOOK, type WebhookTarget, webhookPath } from './discord-webhook-target';

/** PUT: a new URL, or null to remove it (204). */
export function saveDiscordWebhook(target: WebhookTarget, body: DiscordWebhookBody): Promise<void> {
  return apiRequest(webhookPath(target), { method: 'PUT', body });
}

/** The state shown (problem, waiting posts) is the server's: it is asked again after a save. */
export function useSaveDiscordWebhook(target: WebhookTarget = ORGANIZATION_WEBHOOK) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscordWebhookBody) => saveDiscordWebhook(target, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discordQueryKeys.webhook(target) }),
  });
}
