import type { Alert, SessionUser } from '@guildhall/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/session/get-session';

export const myAlertsQueryKeys = {
  /** Every answer for the member, whatever its profile was. */
  of: (userId: string) => ['alerts', 'mine', userId] as const,
  /** The answer for the member's profile as it is now. */
  forProfile: (userId: string, profile: string) =>
    [...myAlertsQueryKeys.of(userId), profile] as const,
};

/** GET /api/alerts: the active alerts whose condition holds for the signed-in member. */
export function getAlerts({ signal }: { signal?: AbortSignal } = {}): Promise<Alert[]> {
  return apiRequest('/api/alerts', { schema: 'alertsSchema', signal });
}

/**
 * What the alerts' conditions may read of the member, as a short stamp: a changed profile (the
 * member saved its account) asks for the alerts again.
 */
export function profileStamp(user: SessionUser): string {
  const text = JSON.stringify(user);
  let hash = 5381;
  for (let index = 0; index < text.length; index++) {
    hash = (Math.imul(hash, 33) ^ text.charCodeAt(index)) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The member's alerts, asked once per visit and again when the member's own profile changes
 * (an invited member who completes its profile no longer reads "complete your profile"). A
 * failure is only logged (specification, error catalogue) and shows no alert.
 */
export function myAlertsQuery(user: SessionUser) {
  return queryOptions({
    queryKey: myAlertsQueryKeys.forProfile(user._id, profileStamp(user)),
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

/** The signed-in member's alerts; those shown stay until a new answer comes. */
export function useMyAlerts() {
  return useQuery({ ...myAlertsQuery(useSignedInUser()), placeholderData: keepPreviousData });
}
