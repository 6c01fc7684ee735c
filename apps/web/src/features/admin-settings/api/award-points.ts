import { type PointsAwardBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** POST /api/points/awards: a new line of the current season's ledger. */
export function awardPoints(body: PointsAwardBody): Promise<void> {
  return apiRequest('/api/points/awards', { method: 'POST', body });
}

export function useAwardPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: awardPoints,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
