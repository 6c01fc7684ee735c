import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminPointsQueryKeys } from './points-query-keys';

/** GET /api/milestones: the thresholds of points that earn a badge. */
export function getMilestones({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/milestones', { signal, schema: 'milestonesSchema' });
}

/** The lowest threshold first. */
export function useMilestones() {
  return useQuery({
    queryKey: adminPointsQueryKeys.milestones,
    queryFn: getMilestones,
    select: (answer) => answer.milestones.toSorted((a, b) => a.threshold - b.threshold),
  });
}
