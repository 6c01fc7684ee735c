import { type Milestone, type MilestoneBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** PUT /api/milestones/{id}: its threshold and badge. */
export function updateMilestone({
  id,
  body,
}: {
  id: string;
  body: MilestoneBody;
}): Promise<Milestone> {
  return apiRequest(`/api/milestones/${id}`, { method: 'PUT', body, schema: 'milestoneSchema' });
}

export function useUpdateMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMilestone,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
