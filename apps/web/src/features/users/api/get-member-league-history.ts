import { type LeagueHistory, type RankedQueue } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** The days of history the profile draws. */
export const LEAGUE_HISTORY_DAYS = 90;

/** GET /api/users/{id}/league/history: the member's daily ranks in one queue, oldest first. */
export function getMemberLeagueHistory(
  userId: string,
  queue: RankedQueue,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueHistory> {
  const params = new URLSearchParams({ queue, days: String(LEAGUE_HISTORY_DAYS) });
  return apiRequest(`/api/users/${userId}/league/history?${params.toString()}`, {
    schema: 'leagueHistorySchema',
    signal,
  });
}

/** Read from Guildhall's daily snapshots, not from Riot: asked again like any other query. */
export function useMemberLeagueHistory(userId: string, queue: RankedQueue) {
  return useQuery({
    queryKey: [...usersQueryKeys.detail(userId), 'league-history', queue],
    queryFn: ({ signal }) => getMemberLeagueHistory(userId, queue, { signal }),
  });
}
