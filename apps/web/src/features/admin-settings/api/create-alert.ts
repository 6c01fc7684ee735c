import { type Alert, type AlertBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { allAlertsQueryKey } from './get-all-alerts';

/** POST /api/alerts (admins): the condition must parse; the message is sanitized on save. */
export function createAlert(body: AlertBody): Promise<Alert> {
  return apiRequest('/api/alerts', { method: 'POST', body, schema: 'alertSchema' });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allAlertsQueryKey }),
  });
}
