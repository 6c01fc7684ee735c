import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** DELETE /api/users/{id} (admins): the member, its sessions and its team memberships. */
export function deleteUser(id: string): Promise<void> {
  return apiRequest(`/api/users/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: usersQueryKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: usersQueryKeys.lists() });
    },
  });
}
