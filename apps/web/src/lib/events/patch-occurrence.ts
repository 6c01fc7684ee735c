import { type EventOccurrence, type OccurrencePatch } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/** PATCH /api/event-occurrences/{id}: one occurrence cancelled, restored or moved. */
export function patchOccurrence({
  occurrenceId,
  patch,
}: {
  occurrenceId: string;
  patch: OccurrencePatch;
}): Promise<EventOccurrence> {
  return apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}`, {
    method: 'PATCH',
    body: patch,
    schema: 'eventOccurrenceSchema',
  });
}

export function usePatchOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchOccurrence,
    // The lists, the calendar and the page all show the occurrence's date and state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKeys.all }),
  });
}
