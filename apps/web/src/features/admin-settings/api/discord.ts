import {
  type DiscordGuildRoles,
  discordGuildRolesSchema,
  type DiscordRoleMapping,
  discordRoleMappingsSchema,
  type DiscordSyncReport,
  discordSyncReportSchema,
  type MembershipEvent,
  membershipEventsSchema,
} from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session/get-session';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/* The Discord tab's requests (admins, `manage:discord`): everything about it starts with 'discord'. */
export const discordQueryKeys = {
  all: ['discord'] as const,
  roles: () => [...discordQueryKeys.all, 'roles'] as const,
  mappings: () => [...discordQueryKeys.all, 'mappings'] as const,
  history: () => [...discordQueryKeys.all, 'history'] as const,
};

/** GET /api/discord/roles: the guild's roles read with the bot; `bot` false without one. */
export function getDiscordRoles({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordGuildRoles> {
  return apiRequest('/api/discord/roles', { schema: discordGuildRolesSchema, signal });
}

export function useDiscordRoles() {
  return useQuery({ queryKey: discordQueryKeys.roles(), queryFn: getDiscordRoles });
}

/** GET /api/discord/mappings: what each Discord role grants. */
export function getDiscordMappings({ signal }: { signal?: AbortSignal } = {}): Promise<
  DiscordRoleMapping[]
> {
  return apiRequest('/api/discord/mappings', { schema: discordRoleMappingsSchema, signal });
}

export function useDiscordMappings() {
  return useQuery({ queryKey: discordQueryKeys.mappings(), queryFn: getDiscordMappings });
}

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

/** POST /api/discord/sync: re-reads every member from the Discord server now. */
export function syncDiscord(): Promise<DiscordSyncReport> {
  return apiRequest('/api/discord/sync', { method: 'POST', schema: discordSyncReportSchema });
}

/**
 * A sync may change anyone's role and teams, the admin's own included: the history, the members,
 * the teams and the session load again.
 */
export function useSyncDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDiscord,
    onSuccess: () => {
      for (const queryKey of [
        discordQueryKeys.history(),
        usersQueryKeys.all,
        teamsQueryKeys.all,
        sessionQueryKey,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/** GET /api/discord/history: the changes of members' access, newest first. */
export function getMembershipHistory({ signal }: { signal?: AbortSignal } = {}): Promise<
  MembershipEvent[]
> {
  return apiRequest('/api/discord/history', { schema: membershipEventsSchema, signal });
}

/** The history grows with every sign-in and sync: it is asked afresh each time it is shown. */
export function useMembershipHistory() {
  return useQuery({
    queryKey: discordQueryKeys.history(),
    queryFn: getMembershipHistory,
    staleTime: 0,
  });
}
