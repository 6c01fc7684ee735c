import { type PointRules } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminPointsQueryKeys } from './points-query-keys';

/** GET /api/points/rules: how many points each source gives. */
export function getPointRules({ signal }: { signal?: AbortSignal } = {}): Promise<PointRules> {
  return apiRequest('/api/points/rules', { signal, schema: 'pointRulesSchema' });
}

export function usePointRules() {
  return useQuery({ queryKey: adminPointsQueryKeys.rules, queryFn: getPointRules });
}
