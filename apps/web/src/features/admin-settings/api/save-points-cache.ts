import type { QueryClient } from '@tanstack/react-query';
import { invalidateSeasons } from '@/lib/points/seasons';
import { adminPointsQueryKeys } from './points-query-keys';

/**
 * The ranking card (features/dashboard) and the leaderboard (features/points) read the same
 * seasons, milestones and points, under keys that start with 'points'.
 */
const pointsKey = ['points'];

/** After a season, a milestone or the ledger changed: every screen showing points asks again. */
export function refreshAfterPointsChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminPointsQueryKeys.all });
  void invalidateSeasons(queryClient);
  void queryClient.invalidateQueries({ queryKey: pointsKey });
}
