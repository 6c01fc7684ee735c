import { type Milestone, type MilestoneBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterPointsChange } from './save-points-cache';

/** POST /api/milestones: a new threshold and its badge. */
export function createMilestone(body: MilestoneBody): Promise<Milestone> {
  return apiRequest('/api/milestones', { method: 'POST', body, schema: 'milestoneSchema' });
}

export function useCreateMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMilestone,
    onSuccess: () => refreshAfterPointsChange(queryClient),
  });
}
