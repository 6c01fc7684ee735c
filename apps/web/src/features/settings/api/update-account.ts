import { type SessionUser, type UpdateAccountBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session/get-session';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** PUT /api/user: the signed-in member's own account fields (never its role or adhesion). */
export function updateAccount(body: UpdateAccountBody): Promise<SessionUser> {
  return apiRequest('/api/user', { method: 'PUT', body, schema: 'sessionUserSchema' });
}

/** The answer becomes the session; member lists and profiles showing the member load again. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: usersQueryKeys.all });
    },
  });
}
