import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** DELETE /api/seasons/{id}: refused once the season has points. */
export function deleteSeason(id: string): Promise<void> {
  return apiRequest(`/api/seasons/${id}`, { method: 'DELETE' });
}

export function useDeleteSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSeason,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
