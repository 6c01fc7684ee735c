import { discordSyncStatusQueryKey } from '@/lib/discord/get-discord-sync-status';
import { type WebhookTarget } from './discord-webhook-target';

/*
 * The Discord tab's requests (admins, `manage:discord`): everything about it starts with
 * 'discord'. The sync's state is lib's, read by the dashboard too.
 */
export const discordQueryKeys = {
  all: ['discord'] as const,
  roles: () => [...discordQueryKeys.all, 'roles'] as const,
  mappings: () => [...discordQueryKeys.all, 'mappings'] as const,
  status: () => discordSyncStatusQueryKey,
  /** Everyone's history, or one member's. */
  history: (userId?: string) =>
    userId === undefined
      ? ([...discordQueryKeys.all, 'history'] as const)
      : ([...discordQueryKeys.all, 'history', userId] as const),
  /**
   * Whatever refreshes the tab refreshes the webhooks too. Saving one refreshes that one only:
   * neither key is a prefix of another.
   */
  webhook: (target: WebhookTarget) =>
    target.kind === 'organization'
      ? ([...discordQueryKeys.all, 'webhook', 'organization'] as const)
      : ([...discordQueryKeys.all, 'webhook', 'team', target.teamId] as const),
};
