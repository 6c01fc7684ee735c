import { type Alert, type AlertBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { allAlertsQueryKey } from './get-all-alerts';

/** PUT /api/alerts/{id} (admins): the whole alert, checked as on creation. */
export function updateAlert({ id, body }: { id: string; body: AlertBody }): Promise<Alert> {
  return apiRequest(`/api/alerts/${id}`, { method: 'PUT', body, schema: 'alertSchema' });
}

/** The answer replaces the alert in the list at once; the list then loads again. */
export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: (saved) => {
      queryClient.setQueryData<Alert[]>(allAlertsQueryKey, (alerts) =>
        alerts?.map((alert) => (alert._id === saved._id ? saved : alert)),
      );
      return queryClient.invalidateQueries({ queryKey: allAlertsQueryKey });
    },
  });
}
