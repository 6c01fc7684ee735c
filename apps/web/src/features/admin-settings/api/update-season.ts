import { type Season, type SeasonBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** PUT /api/seasons/{id}: its name and dates. */
export function updateSeason({ id, body }: { id: string; body: SeasonBody }): Promise<Season> {
  return apiRequest(`/api/seasons/${id}`, { method: 'PUT', body, schema: 'seasonSchema' });
}

export function useUpdateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSeason,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
