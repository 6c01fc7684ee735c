import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** DELETE /api/badges/{id}: a badge given by mistake. */
export function deleteBadge(id: string): Promise<void> {
  return apiRequest(`/api/badges/${id}`, { method: 'DELETE' });
}

/** `userId`: whose badges are asked again after. */
export function useDeleteBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.badges(userId) }),
  });
}
