import { type PointRules } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminPointsQueryKeys } from './points-query-keys';

/** PUT /api/points/rules: the whole table each time. */
export function savePointRules(body: PointRules): Promise<PointRules> {
  return apiRequest('/api/points/rules', { method: 'PUT', body, schema: 'pointRulesSchema' });
}

export function useSavePointRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePointRules,
    onSuccess: (rules) => queryClient.setQueryData(adminPointsQueryKeys.rules, rules),
  });
}
