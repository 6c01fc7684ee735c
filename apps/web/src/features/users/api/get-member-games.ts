import {
  LEAGUE_GAMES_MAX,
  LEAGUE_GAMES_PAGE,
  LEAGUE_STATS_WINDOW_MS,
  type LeagueGame,
} from '@guildhall/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';
import { retryLeagueQuery } from './league-query-retry';

export interface MemberGamesQuery {
  start: number;
  count: number;
  /** Only the games started since then (epoch milliseconds). */
  since?: number;
}

/** GET /api/games/lol/{userId}: the member's ranked games, newest first. */
export function getMemberGames(
  userId: string,
  { start, count, since }: MemberGamesQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueGame[]> {
  const params = new URLSearchParams({ start: String(start), count: String(count) });
  if (since !== undefined) params.set('since', String(since));
  return apiRequest(`/api/games/lol/${userId}?${params.toString()}`, {
    schema: 'leagueGamesSchema',
    signal,
  });
}

/** Every games query of the member (statistics and history), whatever its Riot IDs. */
export const memberGamesKey = (userId: string) =>
  [...usersQueryKeys.detail(userId), 'league-games'] as const;

const leagueGamesKey = (userId: string, riotIds: readonly string[]) =>
  [...memberGamesKey(userId), riotIds] as const;

interface GamesQueryOptions {
  /** False until the games may be asked for (the ranks come first). */
  enabled?: boolean;
}

/** The games of the statistics window, with the moment it ended (when they were asked for). */
export interface RecentGames {
  games: LeagueGame[];
  /** Epoch milliseconds; the window is the LEAGUE_STATS_WINDOW_MS before it. */
  asOf: number;
}

/** The member's games of the last 15 days (the server answers at most LEAGUE_GAMES_MAX). */
export function useMemberRecentGames(
  userId: string,
  riotIds: readonly string[],
  { enabled = true }: GamesQueryOptions = {},
) {
  return useQuery({
    enabled,
    retry: retryLeagueQuery,
    queryKey: [...leagueGamesKey(userId, riotIds), 'recent'],
    queryFn: async ({ signal }): Promise<RecentGames> => {
      const asOf = Date.now();
      const games = await getMemberGames(
        userId,
        { start: 0, count: LEAGUE_GAMES_MAX, since: asOf - LEAGUE_STATS_WINDOW_MS },
        { signal },
      );
      return { games, asOf };
    },
  });
}

/**
 * The game history, one page of LEAGUE_GAMES_PAGE at a time: each page starts where the games
 * shown end. A page shorter than that was the last one.
 */
export function useMemberGameHistory(
  userId: string,
  riotIds: readonly string[],
  { enabled = true }: GamesQueryOptions = {},
) {
  return useInfiniteQuery({
    enabled,
    retry: retryLeagueQuery,
    queryKey: [...leagueGamesKey(userId, riotIds), 'history'],
    queryFn: ({ pageParam, signal }) =>
      getMemberGames(userId, { start: pageParam, count: LEAGUE_GAMES_PAGE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < LEAGUE_GAMES_PAGE
        ? undefined
        : pages.reduce((shown, page) => shown + page.length, 0),
  });
}
