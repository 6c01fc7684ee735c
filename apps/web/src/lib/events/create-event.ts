import { type Event, type EventBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/** POST /api/events: a new event, a single occurrence or a series. */
export function createEvent(body: EventBody): Promise<Event> {
  return apiRequest('/api/events', { method: 'POST', body, schema: 'eventSchema' });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all }),
  });
}
