import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** DELETE /api/milestones/{id}. */
export function deleteMilestone(id: string): Promise<void> {
  return apiRequest(`/api/milestones/${id}`, { method: 'DELETE' });
}

export function useDeleteMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMilestone,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
