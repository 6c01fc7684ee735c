import { type CalendarFeed } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar: whether the member has a feed address, and since when. */
export function getCalendarFeed({ signal }: { signal?: AbortSignal } = {}): Promise<CalendarFeed> {
  return apiRequest('/api/calendar', { signal, schema: 'calendarFeedSchema' });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedQueryKey, queryFn: getCalendarFeed });
}
