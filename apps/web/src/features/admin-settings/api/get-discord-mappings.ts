import { type DiscordRoleMapping } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discordQueryKeys } from './discord-query-keys';

/** GET /api/discord/mappings: what each Discord role grants. */
export function getDiscordMappings({ signal }: { signal?: AbortSignal } = {}): Promise<
  DiscordRoleMapping[]
> {
  return apiRequest('/api/discord/mappings', { schema: 'discordRoleMappingsSchema', signal });
}

export function useDiscordMappings() {
  return useQuery({ queryKey: discordQueryKeys.mappings(), queryFn: getDiscordMappings });
}
