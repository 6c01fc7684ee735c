import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passwordsQueryKeys } from '@/lib/passwords/password-query-keys';
import { refreshAfterPasswordChange } from './save-password-cache';

/** DELETE /api/password/{id} (admins): the entry and its rules. */
export function deletePassword(id: string): Promise<void> {
  return apiRequest(`/api/password/${id}`, { method: 'DELETE' });
}

export function useDeletePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePassword,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: passwordsQueryKeys.audit(id) });
      refreshAfterPasswordChange(queryClient);
    },
  });
}
