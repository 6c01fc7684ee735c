import { type LedgerLine, type TeamPointsAwardBody } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * A team's managers give points to its members within a season's limit (decision 040). Only a
 * manager of the team asks: the server refuses anyone else.
 */

const budgetKey = (teamId: string) => ['points', 'budget', teamId] as const;

/** GET /api/teams/{id}/points/budget: what the manager may still give this season. */
export function useManagerBudget(teamId: string | undefined) {
  return useQuery({
    queryKey: budgetKey(teamId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/teams/${teamId}/points/budget`, { schema: 'managerBudgetSchema', signal }),
    enabled: teamId !== undefined,
  });
}

/** POST /api/teams/{id}/points/awards; the ranking and the budget are asked again after. */
export function useAwardAsManager(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamPointsAwardBody): Promise<LedgerLine> =>
      apiRequest(`/api/teams/${teamId}/points/awards`, {
        method: 'POST',
        body,
        schema: 'ledgerLineSchema',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['points', 'leaderboard'] });
      void queryClient.invalidateQueries({ queryKey: budgetKey(teamId) });
      void queryClient.invalidateQueries({ queryKey: ['points', 'me'] });
    },
  });
}
