import type { QueryClient } from '@tanstack/react-query';
import { invalidateSeasons } from '@/lib/points/seasons';
import { pointsQueryKeys } from '@/lib/points/points-query-keys';
import { adminPointsQueryKeys } from './points-query-keys';

/** After a season, a milestone or the ledger changed: every screen showing points asks again. */
export function refreshAfterPointsChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminPointsQueryKeys.all });
  void invalidateSeasons(queryClient);
  void queryClient.invalidateQueries({ queryKey: pointsQueryKeys.all });
}
