import {
  type Attendance,
  type AttendanceBody,
  type Event,
  type EventBody,
  type EventOccurrence,
  type EventOccurrenceDetail,
  EVENT_LIST_MAX,
  EVENT_OCCURRENCES_MAX,
  type OccurrencePatch,
  type Page,
  type RsvpBody,
} from '@guildhall/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { allPages, pageQuery, pagedQuery } from '@/lib/paging';

/*
 * Events (decision 037): the upcoming occurrences, an occurrence's page, a series for its form,
 * and the member's answer. Everything about events is cached under 'events', so that an answer
 * or an edit on one screen reaches the others (the dashboard's card, the list, the page).
 */
export const eventsQueryKeys = {
  all: ['events'] as const,
  list: (limit: number) => [...eventsQueryKeys.all, 'list', limit] as const,
  occurrence: (id: string) => [...eventsQueryKeys.all, 'occurrence', id] as const,
  event: (id: string) => [...eventsQueryKeys.all, 'event', id] as const,
  /** An occurrence's attendance, for its managers once it has started. */
  attendance: (id: string) => [...eventsQueryKeys.all, 'attendance', id] as const,
  /** A calendar's range: a list too, which an answer updates like the others. */
  between: (from: string, to: string) => [...eventsQueryKeys.all, 'list', from, to] as const,
  /** A team's next ones: a list too. */
  team: (teamId: string, limit: number) =>
    [...eventsQueryKeys.all, 'list', 'team', teamId, limit] as const,
  /** The events list, a page at a time: a list too, its pages cached together. */
  paged: () => [...eventsQueryKeys.all, 'list', 'paged'] as const,
};

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

/** A list's cached answer with one occurrence replaced: a plain list, or the pages of one. */
function withOccurrence(
  cached: EventOccurrence[] | InfiniteData<Page<EventOccurrence>> | undefined,
  answered: EventOccurrence,
) {
  const replace = (list: EventOccurrence[]) =>
    list.map((item) => (item._id === answered._id ? answered : item));
  if (!cached) return cached;
  if (Array.isArray(cached)) return replace(cached);
  return {
    ...cached,
    pages: cached.pages.map((page) => ({ ...page, items: replace(page.items) })),
  };
}

/** GET /api/event-occurrences/{id}: an occurrence's page. */
export function useOccurrence(id: string) {
  return useQuery({
    queryKey: eventsQueryKeys.occurrence(id),
    queryFn: ({ signal }): Promise<EventOccurrenceDetail> =>
      apiRequest(`/api/event-occurrences/${encodeURIComponent(id)}`, {
        schema: 'eventOccurrenceDetailSchema',
        signal,
      }),
  });
}

/** GET /api/events/{id}: a series, for its edit form. */
export function useEvent(id: string) {
  return useQuery({
    queryKey: eventsQueryKeys.event(id),
    queryFn: ({ signal }): Promise<Event> =>
      apiRequest(`/api/events/${encodeURIComponent(id)}`, { schema: 'eventSchema', signal }),
  });
}

/** PUT /api/event-occurrences/{id}/rsvp: the member's answer, until the deadline. */
export function useRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ occurrenceId, body }: { occurrenceId: string; body: RsvpBody }) =>
      apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}/rsvp`, {
        method: 'PUT',
        body,
        schema: 'eventOccurrenceSchema',
      }),
    onSuccess: (answered) => {
      // The lists show the answer at once; the page asks again for who is coming.
      queryClient.setQueriesData<EventOccurrence[] | InfiniteData<Page<EventOccurrence>>>(
        { queryKey: [...eventsQueryKeys.all, 'list'] },
        (cached) => withOccurrence(cached, answered),
      );
      queryClient.setQueryData<EventOccurrenceDetail>(
        eventsQueryKeys.occurrence(answered._id),
        (detail) => detail && { ...detail, ...answered },
      );
      void queryClient.invalidateQueries({ queryKey: eventsQueryKeys.occurrence(answered._id) });
    },
  });
}

/** POST /api/events, or PUT /api/events/{id} with an id. */
export function useSaveEvent(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventBody): Promise<Event> =>
      apiRequest(id ? `/api/events/${encodeURIComponent(id)}` : '/api/events', {
        method: id ? 'PUT' : 'POST',
        body,
        schema: 'eventSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all }),
  });
}

/** DELETE /api/events/{id}: the series with its answers. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/events/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all }),
  });
}

/** PATCH /api/event-occurrences/{id}: one occurrence cancelled, restored or moved. */
export function usePatchOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ occurrenceId, patch }: { occurrenceId: string; patch: OccurrencePatch }) =>
      apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}`, {
        method: 'PATCH',
        body: patch,
        schema: 'eventOccurrenceSchema',
      }),
    // The lists, the calendar and the page all show the occurrence's date and state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all }),
  });
}

/**
 * GET /api/event-occurrences/{id}/attendance: every invited member with its mark and what its
 * answer suggests. Only once the occurrence has started (before, a 409): `enabled` says when.
 */
export function useAttendance(occurrenceId: string, enabled: boolean) {
  return useQuery({
    queryKey: eventsQueryKeys.attendance(occurrenceId),
    queryFn: ({ signal }): Promise<Attendance> =>
      apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}/attendance`, {
        schema: 'attendanceSchema',
        signal,
      }),
    enabled,
  });
}

/**
 * PUT /api/event-occurrences/{id}/attendance: the marks given. A body holds at most
 * EVENT_OCCURRENCES_MAX of them; a longer list goes in several.
 */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      occurrenceId,
      entries,
    }: {
      occurrenceId: string;
      entries: AttendanceBody['entries'];
    }): Promise<Attendance> => {
      let saved: Attendance | undefined;
      for (let start = 0; start < entries.length; start += EVENT_OCCURRENCES_MAX) {
        saved = await apiRequest(
          `/api/event-occurrences/${encodeURIComponent(occurrenceId)}/attendance`,
          {
            method: 'PUT',
            body: { entries: entries.slice(start, start + EVENT_OCCURRENCES_MAX) },
            schema: 'attendanceSchema',
          },
        );
      }
      return saved ?? { entries: [] };
    },
    onSuccess: (saved, { occurrenceId }) =>
      queryClient.setQueryData(eventsQueryKeys.attendance(occurrenceId), saved),
  });
}

/** POST /api/event-occurrences/{id}/remind: a reminder posted now to the event's Discord channels. */
export function useRemindOccurrence() {
  return useMutation({
    mutationFn: (occurrenceId: string) =>
      apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}/remind`, {
        method: 'POST',
        schema: 'remindedSchema',
      }),
  });
}
