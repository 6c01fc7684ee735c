import { type Event, type EventBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/** PUT /api/events/{id}: the whole series again; its occurrences follow. */
export function updateEvent({ id, body }: { id: string; body: EventBody }): Promise<Event> {
  return apiRequest(`/api/events/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: 'eventSchema',
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all }),
  });
}
