import { type Attendance } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/**
 * GET /api/event-occurrences/{id}/attendance: every invited member with its mark and what its
 * answer suggests. Only once the occurrence has started (before, a 409).
 */
export function getAttendance(
  occurrenceId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Attendance> {
  return apiRequest(`/api/event-occurrences/${encodeURIComponent(occurrenceId)}/attendance`, {
    schema: 'attendanceSchema',
    signal,
  });
}

/** `enabled` says when the occurrence has started. */
export function useAttendance(occurrenceId: string, enabled: boolean) {
  return useQuery({
    queryKey: eventsQueryKeys.attendance(occurrenceId),
    queryFn: ({ signal }) => getAttendance(occurrenceId, { signal }),
    enabled,
  });
}
