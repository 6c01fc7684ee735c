import { type Attendance, type AttendanceBody, EVENT_OCCURRENCES_MAX } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKeys } from './event-query-keys';

/**
 * PUT /api/event-occurrences/{id}/attendance: the marks given. A body holds at most
 * EVENT_OCCURRENCES_MAX of them; a longer list goes in several.
 */
export async function markAttendance({
  occurrenceId,
  entries,
}: {
  occurrenceId: string;
  entries: AttendanceBody['entries'];
}): Promise<Attendance> {
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
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSuccess: (saved, { occurrenceId }) =>
      queryClient.setQueryData(eventsQueryKeys.attendance(occurrenceId), saved),
  });
}
