import { type Alert } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const allAlertsQueryKey = ['alerts', 'all'] as const;

/** GET /api/alerts?all=1 (admins): every alert, whatever its status and condition. */
export function getAllAlerts({ signal }: { signal?: AbortSignal } = {}): Promise<Alert[]> {
  return apiRequest('/api/alerts?all=1', { schema: 'alertsSchema', signal });
}

export function useAllAlerts() {
  return useQuery({ queryKey: allAlertsQueryKey, queryFn: getAllAlerts });
}
