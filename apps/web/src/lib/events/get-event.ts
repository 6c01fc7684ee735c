import { type Event } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/** GET /api/events/{id}: a series, for its edit form. */
export function getEvent(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Event> {
  return apiRequest(`/api/events/${encodeURIComponent(id)}`, { schema: 'eventSchema', signal });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventsQueryKeys.event(id),
    queryFn: ({ signal }) => getEvent(id, { signal }),
  });
}
