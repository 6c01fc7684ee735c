import { type MemberBadges } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from './user-query-keys';

/** GET /api/users/{id}/badges: the milestones the member reached and its one-off badges. */
export function getMemberBadges(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MemberBadges> {
  return apiRequest(`/api/users/${userId}/badges`, { schema: 'memberBadgesSchema', signal });
}

/*
 * The profile reads the whole answer, the admin's Points tab the one-off badges: one key, so a
 * badge given or taken back there reaches the profile.
 */
export function useMemberBadges(userId: string) {
  return useQuery({
    queryKey: usersQueryKeys.badges(userId),
    queryFn: ({ signal }) => getMemberBadges(userId, { signal }),
  });
}

/** The one-off badges only (the admin gives and takes them back). */
export function useOneOffBadges(userId: string) {
  return useQuery({
    queryKey: usersQueryKeys.badges(userId),
    queryFn: ({ signal }) => getMemberBadges(userId, { signal }),
    select: (answer) => answer.badges,
  });
}
