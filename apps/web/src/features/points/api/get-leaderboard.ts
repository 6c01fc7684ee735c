import { type Leaderboard } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface LeaderboardParams {
  /** A season's id; the current one when absent. */
  season?: string;
  /** A team's id; the whole organisation when absent. */
  team?: string;
  page: number;
}

/** GET /api/points/leaderboard: a page of a season's ranking, with the caller's own line. */
export function getLeaderboard(
  { season, team, page }: LeaderboardParams,
  signal?: AbortSignal,
): Promise<Leaderboard> {
  const query = new URLSearchParams({ page: String(page) });
  if (season) query.set('season', season);
  if (team) query.set('team', team);
  return apiRequest(`/api/points/leaderboard?${query.toString()}`, {
    schema: 'leaderboardSchema',
    signal,
  });
}

export function useLeaderboard(params: LeaderboardParams) {
  return useQuery({
    queryKey: ['points', 'leaderboard', params],
    queryFn: ({ signal }) => getLeaderboard(params, signal),
    // The table keeps the page shown while the next one loads.
    placeholderData: keepPreviousData,
  });
}
