import { type MemberBadges } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** GET /api/users/{id}/badges: the milestones the member reached and its one-off badges. */
export function getMemberBadges(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MemberBadges> {
  return apiRequest(`/api/users/${userId}/badges`, { schema: 'memberBadgesSchema', signal });
}

/** Cached with the member, under the key the admin's Points tab refreshes after a change. */
export function useMemberBadges(userId: string) {
  return useQuery({
    queryKey: usersQueryKeys.badges(userId),
    queryFn: ({ signal }) => getMemberBadges(userId, { signal }),
  });
}
