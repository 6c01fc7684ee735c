import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pointsQueryKeys } from '@/lib/points/points-query-keys';

/*
 * A team's managers give points to its members within a season's limit (decision 040). Only a
 * manager of the team asks: the server refuses anyone else.
 */

/** GET /api/teams/{id}/points/budget: what the manager may still give this season. */
export function getManagerBudget(teamId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/api/teams/${teamId}/points/budget`, {
    schema: 'managerBudgetSchema',
    signal,
  });
}

export function useManagerBudget(teamId: string | undefined) {
  return useQuery({
    queryKey: pointsQueryKeys.budget(teamId ?? ''),
    queryFn: ({ signal }) => getManagerBudget(teamId ?? '', { signal }),
    enabled: teamId !== undefined,
  });
}
