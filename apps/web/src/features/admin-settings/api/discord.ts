import {
  type DiscordGuildRoles,
  type DiscordImportReport,
  type DiscordRoleMapping,
  type DiscordSyncReport,
  type DiscordSyncSchedule,
  type DiscordSyncStatus,
  type MembershipEvent,
  type Page,
} from '@guildhall/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { sessionQueryKey } from '@/lib/session/get-session';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/* The Discord tab's requests (admins, `manage:discord`): everything about it starts with 'discord'. */
export const discordQueryKeys = {
  all: ['discord'] as const,
  roles: () => [...discordQueryKeys.all, 'roles'] as const,
  mappings: () => [...discordQueryKeys.all, 'mappings'] as const,
  status: () => [...discordQueryKeys.all, 'status'] as const,
  /** Everyone's history, or one member's. */
  history: (userId?: string) =>
    userId === undefined
      ? ([...discordQueryKeys.all, 'history'] as const)
      : ([...discordQueryKeys.all, 'history', userId] as const),
};

/** What a sync or an import may have changed: anyone's role and teams, the admin's own too. */
const AFTER_MEMBERS_CHANGED = [
  discordQueryKeys.history(),
  discordQueryKeys.status(),
  usersQueryKeys.all,
  teamsQueryKeys.all,
  sessionQueryKey,
] as const;

/** GET /api/discord/roles: the guild's roles read with the bot; `bot` false without one. */
export function getDiscordRoles({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordGuildRoles> {
  return apiRequest('/api/discord/roles', { schema: 'discordGuildRolesSchema', signal });
}

export function useDiscordRoles() {
  return useQuery({ queryKey: discordQueryKeys.roles(), queryFn: getDiscordRoles });
}

/** GET /api/discord/mappings: what each Discord role grants. */
export function getDiscordMappings({ signal }: { signal?: AbortSignal } = {}): Promise<
  DiscordRoleMapping[]
> {
  return apiRequest('/api/discord/mappings', { schema: 'discordRoleMappingsSchema', signal });
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

/** GET /api/discord/sync: the schedule, the last sync, and whether one runs now. */
export function getSyncStatus({
  signal,
}: { signal?: AbortSignal } = {}): Promise<DiscordSyncStatus> {
  return apiRequest('/api/discord/sync', { schema: 'discordSyncStatusSchema', signal });
}

export function useSyncStatus() {
  return useQuery({ queryKey: discordQueryKeys.status(), queryFn: getSyncStatus, staleTime: 0 });
}

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

/** POST /api/discord/sync, or /api/discord/sync/{userId}: re-reads members from Discord now. */
export function syncDiscord(userId?: string): Promise<DiscordSyncReport> {
  return apiRequest(userId ? `/api/discord/sync/${userId}` : '/api/discord/sync', {
    method: 'POST',
    schema: 'discordSyncReportSchema',
  });
}

function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of AFTER_MEMBERS_CHANGED) void queryClient.invalidateQueries({ queryKey });
  };
}

/** "Sync now", for everyone or (with `userId`) one member. */
export function useSyncDiscord(userId?: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({ mutationFn: () => syncDiscord(userId), onSuccess: invalidate });
}

/** POST /api/discord/import: the guild's members made invited members, or a dry run of it. */
export function importGuild(dryRun: boolean): Promise<DiscordImportReport> {
  return apiRequest('/api/discord/import', {
    method: 'POST',
    body: { dry_run: dryRun },
    schema: 'discordImportReportSchema',
  });
}

export function useImportGuild() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: importGuild,
    onSuccess: (report) => {
      if (!report.dry_run) invalidate();
    },
  });
}

/** GET /api/discord/history: the changes of members' access, newest first (one member's: `userId`). */
export function getMembershipHistory(
  userId: string | undefined,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<MembershipEvent>> {
  return apiRequest(`/api/discord/history${pageQuery({ userId }, cursor)}`, {
    schema: 'membershipEventsSchema',
    signal,
  });
}

/**
 * The history grows with every sign-in and sync: it is asked afresh each time it is shown, a page
 * at a time (decision 061).
 */
export function useMembershipHistory(userId?: string) {
  return useInfiniteQuery({
    queryKey: discordQueryKeys.history(userId),
    queryFn: ({ pageParam, signal }) => getMembershipHistory(userId, pageParam, { signal }),
    ...pagedQuery,
    staleTime: 0,
  });
}
