import { type DiscordWebhook, type DiscordWebhookBody } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Where a webhook posts: the organisation's announcements (`/api/discord/webhook`), or a team's
 * channel, where its events' reminders go (`/api/teams/{id}/discord-webhook`). Both answer the
 * same state and take the same body.
 */
export type WebhookTarget = { kind: 'organization' } | { kind: 'team'; teamId: string };

export const ORGANIZATION_WEBHOOK: WebhookTarget = { kind: 'organization' };

const webhookPath = (target: WebhookTarget) =>
  target.kind === 'organization'
    ? '/api/discord/webhook'
    : `/api/teams/${encodeURIComponent(target.teamId)}/discord-webhook`;

/*
 * Under the Discord tab's keys: whatever refreshes the tab refreshes the webhooks too. Saving
 * one refreshes that one only: neither key is a prefix of another.
 */
export const discordWebhookQueryKey = (target: WebhookTarget) =>
  target.kind === 'organization'
    ? (['discord', 'webhook', 'organization'] as const)
    : (['discord', 'webhook', 'team', target.teamId] as const);

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
    queryKey: discordWebhookQueryKey(target),
    queryFn: ({ signal }) => getDiscordWebhook(target, { signal }),
    enabled,
  });
}

/** PUT: a new URL, or null to remove it (204). */
export function saveDiscordWebhook(target: WebhookTarget, body: DiscordWebhookBody): Promise<void> {
  return apiRequest(webhookPath(target), { method: 'PUT', body });
}

/** The state shown (problem, waiting posts) is the server's: it is asked again after a save. */
export function useSaveDiscordWebhook(target: WebhookTarget = ORGANIZATION_WEBHOOK) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscordWebhookBody) => saveDiscordWebhook(target, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discordWebhookQueryKey(target) }),
  });
}
