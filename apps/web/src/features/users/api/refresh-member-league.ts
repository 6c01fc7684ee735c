import { type LeagueRefresh } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { memberGamesKey } from './get-member-games';
import { memberRanksKey } from './get-member-ranks';

/**
 * POST /api/refresh/lol/{userId}: the member's League data is asked to Riot again. The server
 * allows it once every few minutes per member profile (429 with Retry-After otherwise).
 */
export function refreshMemberLeague(userId: string): Promise<LeagueRefresh> {
  return apiRequest(`/api/refresh/lol/${userId}`, {
    method: 'POST',
    schema: 'leagueRefreshSchema',
  });
}

/** Refreshes, then reads the ranks and games again (the ones shown stay until the new ones come). */
export function useRefreshMemberLeague(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshMemberLeague(userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberRanksKey(userId) }),
        queryClient.invalidateQueries({ queryKey: memberGamesKey(userId) }),
      ]),
  });
}
