import { type RecomputeReport } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pointsQueryKeys } from '@/lib/points/points-query-keys';
import { adminPointsQueryKeys } from './points-query-keys';

/** POST /api/points/recompute: the rules applied again to the sources (decision 040). */
export function recomputePoints(): Promise<RecomputeReport> {
  return apiRequest('/api/points/recompute', { method: 'POST', schema: 'recomputeReportSchema' });
}

/** The ledger and totals then change. */
export function useRecomputePoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recomputePoints,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminPointsQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: pointsQueryKeys.all });
    },
  });
}
