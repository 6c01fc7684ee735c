import { type Alert, alertsSchema } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const myAlertsQueryKey = (userId: string) => ['alerts', 'mine', userId] as const;

/** GET /api/alerts: the active alerts whose condition holds for the signed-in member. */
export function getAlerts({ signal }: { signal?: AbortSignal } = {}): Promise<Alert[]> {
  return apiRequest('/api/alerts', { schema: alertsSchema, signal });
}

/**
 * The member's alerts, asked once per visit: they return on the next load, not before. A failure
 * is only logged (specification, error catalogue) and shows no alert.
 */
export function useMyAlerts(userId: string) {
  return useQuery({
    queryKey: myAlertsQueryKey(userId),
    queryFn: async ({ signal }) => {
      try {
        return await getAlerts({ signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.warn('Error fetching alerts:', error);
        return [];
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
