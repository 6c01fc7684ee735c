import { type DiscordRoleMapping } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discordQueryKeys } from './discord-query-keys';

/** PUT /api/discord/mappings: the whole list at once (204). */
export function saveDiscordMappings(body: DiscordRoleMapping[]): Promise<void> {
  return apiRequest('/api/discord/mappings', { method: 'PUT', body });
}

/** The saved list becomes the cached one: what was sent is what the server keeps. */
export function useSaveDiscordMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiscordMappings,
    onSuccess: (_, body) => queryClient.setQueryData(discordQueryKeys.mappings(), body),
  });
}
