import { type CalendarFeed } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** DELETE /api/calendar: the address stops working. */
export function revokeCalendarFeed(): Promise<void> {
  return apiRequest('/api/calendar', { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedQueryKey, {
        active: false,
        created_at: null,
      }),
  });
}
