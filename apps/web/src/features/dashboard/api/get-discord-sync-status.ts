import { type DiscordSyncStatus } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * The Discord tab's own key for the same answer (admin-settings' `discordQueryKeys.status()`):
 * a sync the admin starts there refreshes the dashboard's notice too.
 */
const discordSyncStatusKey = ['discord', 'status'] as const;

/** GET /api/discord/sync (admins, `manage:discord`): whether the scheduled sync keeps failing. */
export function getDiscordSyncStatus({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordSyncStatus> {
  return apiRequest('/api/discord/sync', { schema: 'discordSyncStatusSchema', signal });
}

/** Only for a member who may manage Discord: anyone else would be refused (403). */
export function useDiscordSyncStatus() {
  return useQuery({ queryKey: discordSyncStatusKey, queryFn: getDiscordSyncStatus });
}
