import { type DiscordSyncReport } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterDiscordMembersChange } from './save-discord-cache';

/** POST /api/discord/sync: re-reads every member from Discord now. */
export function syncDiscord(): Promise<DiscordSyncReport> {
  return apiRequest('/api/discord/sync', { method: 'POST', schema: 'discordSyncReportSchema' });
}

/** "Sync now", for everyone. */
export function useSyncDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDiscord,
    onSuccess: () => refreshAfterDiscordMembersChange(queryClient),
  });
}
