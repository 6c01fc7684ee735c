import { type Leaderboard } from '@guildhall/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pointsQueryKeys } from '@/lib/points/points-query-keys';
import { pageQuery, pagedQuery } from '@/lib/paging';

export interface LeaderboardParams {
  /** A season's id; the current one when absent. */
  season?: string;
  /** A team's id; the whole organisation when absent. */
  team?: string;
}

/** GET /api/points/leaderboard: a page of a season's ranking, with the caller's own line. */
export function getLeaderboard(
  { season, team }: LeaderboardParams,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Leaderboard> {
  return apiRequest(`/api/points/leaderboard${pageQuery({ season, team }, cursor)}`, {
    schema: 'leaderboardSchema',
    signal,
  });
}

/** The ranking a page at a time (decision 061). */
export function useLeaderboard(params: LeaderboardParams) {
  return useInfiniteQuery({
    queryKey: pointsQueryKeys.leaderboard(params),
    queryFn: ({ pageParam, signal }) => getLeaderboard(params, pageParam, signal),
    ...pagedQuery,
    // The table keeps the ranking shown while another season's or team's loads.
    placeholderData: keepPreviousData,
  });
}
