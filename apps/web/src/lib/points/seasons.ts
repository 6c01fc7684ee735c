import type { Season } from '@guildhall/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * The seasons are read by the leaderboard and by the admin's Points tab, under one key: an admin's
 * change to a season reaches every screen that shows them.
 */
export const seasonsQueryKey = ['seasons'] as const;

/** GET /api/seasons: every season, the latest first. */
export function useSeasons() {
  return useQuery({
    queryKey: seasonsQueryKey,
    queryFn: ({ signal }): Promise<Season[]> =>
      apiRequest('/api/seasons', { schema: 'seasonsSchema', signal }).then(
        (answer) => answer.seasons,
      ),
  });
}

/** After a season was created, changed or deleted: every reader asks again. */
export function invalidateSeasons(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seasonsQueryKey });
}
