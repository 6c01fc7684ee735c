import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * A team's managers give points to its members within a season's limit (decision 040). Only a
 * manager of the team asks: the server refuses anyone else.
 */

export const managerBudgetQueryKey = (teamId: string) => ['points', 'budget', teamId] as const;

/** GET /api/teams/{id}/points/budget: what the manager may still give this season. */
export function getManagerBudget(teamId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/teams/${teamId}/points/budget`, {
    schema: 'managerBudgetSchema',
    signal,
  });
}

export function useManagerBudget(teamId: string | undefined) {
  return useQuery({
    queryKey: managerBudgetQueryKey(teamId ?? ''),
    queryFn: ({ signal }) => getManagerBudget(teamId ?? '', { signal }),
    enabled: teamId !== undefined,
  });
}
