import { type EventOccurrence, EVENT_LIST_MAX, type Page } from '@guildhall/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { allPages, pageQuery, pagedQuery } from '@/lib/paging';
import { eventsQueryKeys } from './event-query-keys';

/** How many occurrences the events list shows at first, and adds with each page. */
export const EVENTS_PAGE_SIZE = 50;

/**
 * GET /api/events: what the member is invited to or manages, from now (or `from`) up to `to`,
 * soonest first, a page at a time (decision 061).
 */
export function getEventsPage(
  filters: { from?: string; to?: string; team?: string; limit: number },
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<EventOccurrence>> {
  return apiRequest(
    `/api/events${pageQuery({ ...filters, limit: String(filters.limit) }, cursor)}`,
    { schema: 'eventOccurrencesSchema', signal },
  );
}

/** The next few occurrences: the first page only (the dashboard's card). */
export function useUpcomingEvents(limit: number) {
  return useQuery({
    queryKey: eventsQueryKeys.list(limit),
    queryFn: ({ signal }) => getEventsPage({ limit }, undefined, signal).then((page) => page.items),
  });
}

/** The occurrences from now on, a page at a time, for the events list and its pager. */
export function usePagedEvents() {
  return useInfiniteQuery({
    queryKey: eventsQueryKeys.paged(),
    queryFn: ({ pageParam, signal }) =>
      getEventsPage({ limit: EVENTS_PAGE_SIZE }, pageParam, signal),
    ...pagedQuery,
  });
}

/**
 * The occurrences from `from` (those not ended by then) up to `to`, for a month's calendar:
 * every page of the range, however many occurrences it holds.
 */
export function useEventsBetween(from: string, to: string) {
  return useQuery({
    queryKey: eventsQueryKeys.between(from, to),
    queryFn: ({ signal }) =>
      allPages((cursor) => getEventsPage({ from, to, limit: EVENT_LIST_MAX }, cursor, signal)),
  });
}

/** The next occurrences whose audience names the team or one of its roles (not the organisation's). */
export function useTeamEvents(teamId: string, limit: number) {
  return useQuery({
    queryKey: eventsQueryKeys.team(teamId, limit),
    queryFn: ({ signal }) =>
      getEventsPage({ team: teamId, limit }, undefined, signal).then((page) => page.items),
  });
}
