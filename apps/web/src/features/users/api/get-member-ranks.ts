import { type RankEntry } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';
import { retryLeagueQuery } from './league-query-retry';

/** GET /api/ranks/lol/{userId}: the League rank of each Riot ID of the member. */
export function getMemberRanks(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RankEntry[]> {
  return apiRequest(`/api/ranks/lol/${userId}`, { schema: 'rankEntriesSchema', signal });
}

/**
 * Keyed by the member's Riot IDs too: a Riot ID added or removed asks again at once instead of
 * showing the cached ranks of the old list.
 */
export function useMemberRanks(
  userId: string,
  riotIds: readonly string[],
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...memberRanksKey(userId), riotIds],
    queryFn: ({ signal }) => getMemberRanks(userId, { signal }),
    retry: retryLeagueQuery,
    enabled,
  });
}

/** Every ranks query of the member, whatever its Riot IDs. */
export const memberRanksKey = (userId: string) =>
  [...usersQueryKeys.detail(userId), 'league-ranks'] as const;
