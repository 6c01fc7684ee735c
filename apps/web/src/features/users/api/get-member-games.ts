import {
  LEAGUE_GAMES_MAX,
  LEAGUE_STATS_WINDOW_MS,
  type LeagueGame,
  type LeagueGamesPage,
} from '@guildhall/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { usersQueryKeys } from '@/lib/users/user-query-keys';
import { retryLeagueQuery } from './league-query-retry';

export interface MemberGamesQuery {
  /** The `next_cursor` of the page before; absent for the first (decision 061). */
  cursor?: string | undefined;
  /** Games a page; the server's default (LEAGUE_GAMES_PAGE) when absent. */
  limit?: number;
  /** Only the games started since then (epoch milliseconds). */
  since?: number;
}

/** GET /api/games/lol/{userId}: a page of the member's ranked games, newest first. */
export function getMemberGames(
  userId: string,
  { cursor, limit, since }: MemberGamesQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LeagueGamesPage> {
  const filters = {
    limit: limit === undefined ? undefined : String(limit),
    since: since === undefined ? undefined : String(since),
  };
  return apiRequest(`/api/games/lol/${userId}${pageQuery(filters, cursor)}`, {
    schema: 'leagueGamesPageSchema',
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
      const { items: games } = await getMemberGames(
        userId,
        { limit: LEAGUE_GAMES_MAX, since: asOf - LEAGUE_STATS_WINDOW_MS },
        { signal },
      );
      return { games, asOf };
    },
  });
}

/** The game history, a page of LEAGUE_GAMES_PAGE at a time (decision 061). */
export function useMemberGameHistory(
  userId: string,
  riotIds: readonly string[],
  { enabled = true }: GamesQueryOptions = {},
) {
  return useInfiniteQuery({
    enabled,
    retry: retryLeagueQuery,
    queryKey: [...leagueGamesKey(userId, riotIds), 'history'],
    queryFn: ({ pageParam, signal }) => getMemberGames(userId, { cursor: pageParam }, { signal }),
    ...pagedQuery,
  });
}
