import type { Alert } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myAlertsQueryKeys } from './get-alerts';

/** POST /api/alerts/{id}/dismiss: hidden for this member until the alert's message changes. */
export function dismissAlert(id: string): Promise<void> {
  return apiRequest(`/api/alerts/${id}/dismiss`, { method: 'POST' });
}

/**
 * Hides the alert at once; the server remembers it for the member's next visits. A failure is
 * only logged: the alert stays hidden for this visit and comes back on the next one.
 */
export function useDismissAlert(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onMutate: (id) => {
      queryClient.setQueriesData<Alert[]>({ queryKey: myAlertsQueryKeys.of(userId) }, (alerts) =>
        alerts?.filter((alert) => alert._id !== id),
      );
    },
    onError: (error) => console.warn('Error dismissing an alert:', error),
  });
}
