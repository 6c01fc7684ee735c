import { type TimelinePage } from '@guildhall/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/users/{id}/timeline: a page of the member's activity, newest first. */
export function getMemberTimeline(
  userId: string,
  before: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TimelinePage> {
  const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return apiRequest(`/api/users/${userId}/timeline${query}`, {
    schema: 'timelinePageSchema',
    signal,
  });
}

/** The timeline a page at a time: each page starts where the one before ended (`next`). */
export function useMemberTimeline(userId: string) {
  return useInfiniteQuery({
    queryKey: ['users', userId, 'timeline'],
    queryFn: ({ pageParam, signal }) => getMemberTimeline(userId, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });
}
