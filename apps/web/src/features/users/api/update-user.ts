import { type SessionUser, type User, type UserUpdateBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session/get-session';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

interface MemberChange {
  id: string;
  /** The admin's edit form: every profile field, the role, adhesion and the game logins. */
  body: UserUpdateBody;
}

/** PUT /api/users/{id}, as an admin. */
export function updateUser({ id, body }: MemberChange): Promise<User> {
  return apiRequest(`/api/users/${id}`, { method: 'PUT', body, schema: 'userSchema' });
}

/** The answer replaces the cached member; lists load again, and so does an admin's own session. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(usersQueryKeys.detail(user._id), user);
      void queryClient.invalidateQueries({ queryKey: usersQueryKeys.lists() });
      const session = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
      if (session?._id === user._id)
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
