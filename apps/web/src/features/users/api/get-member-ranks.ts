import { type RankEntry, rankEntriesSchema } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** GET /api/ranks/lol/{userId}: the League rank of each Riot ID of the member. */
export function getMemberRanks(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RankEntry[]> {
  return apiRequest(`/api/ranks/lol/${userId}`, { schema: rankEntriesSchema, signal });
}

/**
 * Keyed by the member's Riot IDs too: a Riot ID added or removed asks again at once instead of
 * showing the cached ranks of the old list.
 */
export function useMemberRanks(userId: string, riotIds: readonly string[]) {
  return useQuery({
    queryKey: [...usersQueryKeys.detail(userId), 'league-ranks', riotIds],
    queryFn: ({ signal }) => getMemberRanks(userId, { signal }),
  });
}
