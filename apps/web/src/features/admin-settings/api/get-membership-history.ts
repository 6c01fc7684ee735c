import { type MembershipEvent, type Page } from '@guildhall/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { discordQueryKeys } from './discord-query-keys';

/** GET /api/discord/history: the changes of members' access, newest first (one member's: `userId`). */
export function getMembershipHistory(
  userId: string | undefined,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<MembershipEvent>> {
  return apiRequest(`/api/discord/history${pageQuery({ userId }, cursor)}`, {
    schema: 'membershipEventsSchema',
    signal,
  });
}

/**
 * The history grows with every sign-in and sync: it is asked afresh each time it is shown, a page
 * at a time (decision 061).
 */
export function useMembershipHistory(userId?: string) {
  return useInfiniteQuery({
    queryKey: discordQueryKeys.history(userId),
    queryFn: ({ pageParam, signal }) => getMembershipHistory(userId, pageParam, { signal }),
    ...pagedQuery,
    staleTime: 0,
  });
}
