import type {
  MembershipChangeBody,
  MembershipChangeResult,
  SessionUser,
} from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session/get-session';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** POST /api/users/membership (admins): role, adhesion and team roles of chosen members. */
export function changeMembership(body: MembershipChangeBody): Promise<MembershipChangeResult> {
  return apiRequest('/api/users/membership', {
    method: 'POST',
    body,
    schema: 'membershipChangeResultSchema',
  });
}

/**
 * Members, their teams and the admin's own session may all have changed: each loads again (the
 * answer says how many changed, not what they became).
 */
export function useChangeMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMembership,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: teamsQueryKeys.all });
      const session = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      if (session) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
