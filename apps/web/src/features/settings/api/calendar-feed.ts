import { type CalendarFeed, type CalendarFeedCreated } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar: whether the member has a feed address, and since when. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/calendar', { signal, schema: 'calendarFeedSchema' }),
  });
}

/** POST /api/calendar: a new address, which replaces (and stops) the previous one. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeedCreated> =>
      apiRequest('/api/calendar', { method: 'POST', schema: 'calendarFeedCreatedSchema' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}

/** DELETE /api/calendar: the address stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/calendar', { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedQueryKey, {
        active: false,
        created_at: null,
      }),
  });
}
