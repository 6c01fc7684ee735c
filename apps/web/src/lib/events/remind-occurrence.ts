import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/event-occurrences/{id}/remind: a reminder posted now to the event's Discord channels. */
export function remindOccurrence(occurrenceId: string) {
  return apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}/remind`, {
    method: 'POST',
    schema: 'remindedSchema',
  });
}

export function useRemindOccurrence() {
  return useMutation({ mutationFn: remindOccurrence });
}
