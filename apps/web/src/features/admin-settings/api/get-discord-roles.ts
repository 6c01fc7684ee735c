import { type DiscordGuildRoles } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discordQueryKeys } from './discord-query-keys';

/** GET /api/discord/roles: the guild's roles read with the bot; `bot` false without one. */
export function getDiscordRoles({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordGuildRoles> {
  return apiRequest('/api/discord/roles', { schema: 'discordGuildRolesSchema', signal });
}

export function useDiscordRoles() {
  return useQuery({ queryKey: discordQueryKeys.roles(), queryFn: getDiscordRoles });
}
