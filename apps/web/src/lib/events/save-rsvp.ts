import {
  type EventOccurrence,
  type EventOccurrenceDetail,
  type Page,
  type RsvpBody,
} from '@guildhall/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

interface Rsvp {
  occurrenceId: string;
  body: RsvpBody;
}

/** PUT /api/event-occurrences/{id}/rsvp: the member's answer, until the deadline. */
export function saveRsvp({ occurrenceId, body }: Rsvp): Promise<EventOccurrence> {
  return apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}/rsvp`, {
    method: 'PUT',
    body,
    schema: 'eventOccurrenceSchema',
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

export function useRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRsvp,
    onSuccess: (answered) => {
      // The lists show the answer at once; the page asks again for who is coming.
      queryClient.setQueriesData<EventOccurrence[] | InfiniteData<Page<EventOccurrence>>>(
        { queryKey: eventsQueryKeys.lists() },
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
