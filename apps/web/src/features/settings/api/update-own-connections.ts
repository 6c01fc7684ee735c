import { type OwnConnectionsUpdate, type SessionUser, type User } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session/get-session';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

interface OwnConnectionsChange {
  /** The signed-in member's own id: members may change only their own connections. */
  id: string;
  /** One game's whole new list of logins, or a social account set to null to disconnect it. */
  body: OwnConnectionsUpdate;
}

/** PUT /api/users/{id} with a member's own connections. */
export function updateOwnConnections({ id, body }: OwnConnectionsChange): Promise<User> {
  return apiRequest(`/api/users/${id}`, { method: 'PUT', body, schema: 'userSchema' });
}

/** The answer updates the session (keeping its teams) and the member's cached profile. */
export function useUpdateOwnConnections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnConnections,
    onSuccess: (user) => {
      queryClient.setQueryData<SessionUser | null>(
        sessionQueryKey,
        (session) => session && { ...session, ...user },
      );
      queryClient.setQueryData(usersQueryKeys.detail(user._id), user);
      void queryClient.invalidateQueries({ queryKey: usersQueryKeys.lists() });
    },
  });
}
