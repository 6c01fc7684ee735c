import { type DiscordSyncStatus } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * Read by the dashboard's notice and by the Discord tab, under one key within the tab's
 * ('discord'): a sync the admin starts there refreshes the dashboard's notice too.
 */
export const discordSyncStatusQueryKey = ['discord', 'status'] as const;

/** GET /api/discord/sync (admins, `manage:discord`): the schedule, the last sync, whether one runs. */
export function getDiscordSyncStatus({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordSyncStatus> {
  return apiRequest('/api/discord/sync', { schema: 'discordSyncStatusSchema', signal });
}

/**
 * Only for a member who may manage Discord: anyone else would be refused (403). `alwaysAsk`:
 * asked afresh each time it is shown (the Discord tab, which shows a sync running).
 */
export function useDiscordSyncStatus({ alwaysAsk = false }: { alwaysAsk?: boolean } = {}) {
  return useQuery({
    queryKey: discordSyncStatusQueryKey,
    queryFn: getDiscordSyncStatus,
    ...(alwaysAsk ? { staleTime: 0 } : {}),
  });
}
