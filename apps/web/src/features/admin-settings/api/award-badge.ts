import { type BadgeBody, type MemberBadge } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** POST /api/users/{id}/badges: a one-off badge, with why. */
export function awardBadge({
  userId,
  body,
}: {
  userId: string;
  body: BadgeBody;
}): Promise<MemberBadge> {
  return apiRequest(`/api/users/${userId}/badges`, {
    method: 'POST',
    body,
    schema: 'memberBadgeSchema',
  });
}

export function useAwardBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BadgeBody) => awardBadge({ userId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.badges(userId) }),
  });
}
