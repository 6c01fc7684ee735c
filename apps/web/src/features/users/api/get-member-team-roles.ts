import { type MemberTeamRoles } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';

/** GET /api/teams/check-all-roles/{userId}: every role the member holds, with its team. */
export function getMemberTeamRoles(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MemberTeamRoles> {
  return apiRequest(`/api/teams/check-all-roles/${userId}`, {
    schema: 'memberTeamRolesSchema',
    signal,
  });
}

/** Cached with the teams, so that a change to a team reaches the profiles too. */
export function useMemberTeamRoles(userId: string) {
  return useQuery({
    queryKey: [...teamsQueryKeys.all, 'member-roles', userId],
    queryFn: ({ signal }) => getMemberTeamRoles(userId, { signal }),
  });
}
