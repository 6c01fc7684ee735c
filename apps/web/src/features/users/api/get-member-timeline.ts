import { type TimelinePage } from '@guildhall/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';

/** GET /api/users/{id}/timeline: a page of the member's activity, newest first. */
export function getMemberTimeline(
  userId: string,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TimelinePage> {
  return apiRequest(`/api/users/${userId}/timeline${pageQuery({}, cursor)}`, {
    schema: 'timelinePageSchema',
    signal,
  });
}

/** The timeline a page at a time (decision 061). */
export function useMemberTimeline(userId: string) {
  return useInfiniteQuery({
    queryKey: ['users', userId, 'timeline'],
    queryFn: ({ pageParam, signal }) => getMemberTimeline(userId, pageParam, { signal }),
    ...pagedQuery,
  });
}
