import { type EventOccurrenceDetail } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/** GET /api/event-occurrences/{id}: an occurrence's page. */
export function getOccurrence(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<EventOccurrenceDetail> {
  return apiRequest(`/api/event-occurrences/${encodeURIComponent(id)}`, {
    schema: 'eventOccurrenceDetailSchema',
    signal,
  });
}

export function useOccurrence(id: string) {
  return useQuery({
    queryKey: eventsQueryKeys.occurrence(id),
    queryFn: ({ signal }) => getOccurrence(id, { signal }),
  });
}
