import { type DiscordSyncSchedule } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discordQueryKeys } from './discord-query-keys';

/** PUT /api/discord/sync: how often the guild is re-read (204). */
export function saveSyncSchedule(body: DiscordSyncSchedule): Promise<void> {
  return apiRequest('/api/discord/sync', { method: 'PUT', body });
}

export function useSaveSyncSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSyncSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discordQueryKeys.status() }),
  });
}
