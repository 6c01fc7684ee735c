import {
  type DiscordWebhook,
  type DiscordWebhookBody,
  discordWebhookSchema,
} from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* Under the Discord tab's keys: whatever refreshes the tab refreshes the webhook too. */
export const discordWebhookQueryKey = ['discord', 'webhook'] as const;

/** GET /api/discord/webhook: whether announcements have a webhook, never its URL. */
export function getDiscordWebhook({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordWebhook> {
  return apiRequest('/api/discord/webhook', { schema: discordWebhookSchema, signal });
}

/** Asked only by who may manage Discord (`manage:discord`): the server refuses everyone else. */
export function useDiscordWebhook({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: discordWebhookQueryKey, queryFn: getDiscordWebhook, enabled });
}

/** PUT /api/discord/webhook: a new URL, or null to remove it (204). */
export function saveDiscordWebhook(body: DiscordWebhookBody): Promise<void> {
  return apiRequest('/api/discord/webhook', { method: 'PUT', body });
}

/** The state shown (problem, waiting posts) is the server's: it is asked again after a save. */
export function useSaveDiscordWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiscordWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discordWebhookQueryKey }),
  });
}
