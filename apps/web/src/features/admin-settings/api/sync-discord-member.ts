import { type DiscordSyncReport } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterDiscordMembersChange } from './save-discord-cache';

/** POST /api/discord/sync/{userId}: re-reads one member from Discord now. */
export function syncDiscordMember(userId: string): Promise<DiscordSyncReport> {
  return apiRequest(`/api/discord/sync/${userId}`, {
    method: 'POST',
    schema: 'discordSyncReportSchema',
  });
}

/** "Sync now", for one member. */
export function useSyncDiscordMember(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncDiscordMember(userId),
    onSuccess: () => refreshAfterDiscordMembersChange(queryClient),
  });
}
