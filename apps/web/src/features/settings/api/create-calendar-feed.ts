import { type CalendarFeedCreated } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarFeedQueryKey } from './get-calendar-feed';

/** POST /api/calendar: a new address, which replaces (and stops) the previous one. */
export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return apiRequest('/api/calendar', { method: 'POST', schema: 'calendarFeedCreatedSchema' });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}
