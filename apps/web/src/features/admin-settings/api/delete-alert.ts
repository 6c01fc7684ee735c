import type { Alert } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { allAlertsQueryKey } from './get-all-alerts';

/** DELETE /api/alerts/{id} (admins). */
export function deleteAlert(id: string): Promise<void> {
  return apiRequest(`/api/alerts/${id}`, { method: 'DELETE' });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Alert[]>(allAlertsQueryKey, (alerts) =>
        alerts?.filter((alert) => alert._id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: allAlertsQueryKey });
    },
  });
}
