import { type Season, type SeasonBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** POST /api/seasons: a new season, which may not overlap another. */
export function createSeason(body: SeasonBody): Promise<Season> {
  return apiRequest('/api/seasons', { method: 'POST', body, schema: 'seasonSchema' });
}

export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeason,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
