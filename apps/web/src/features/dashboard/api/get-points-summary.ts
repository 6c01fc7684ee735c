import { type PointsSummary } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pointsQueryKeys } from '@/lib/points/points-query-keys';

/** GET /api/points/me: the member's points this season, its place and milestones. */
export function getPointsSummary({
  signal,
}: { signal?: AbortSignal } = {}): Promise<PointsSummary> {
  return apiRequest('/api/points/me', { schema: 'pointsSummarySchema', signal });
}

export function usePointsSummary() {
  return useQuery({ queryKey: pointsQueryKeys.me, queryFn: getPointsSummary });
}
