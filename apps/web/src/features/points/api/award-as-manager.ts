import { type LedgerLine, type TeamPointsAwardBody } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pointsQueryKeys } from '@/lib/points/points-query-keys';

/** POST /api/teams/{id}/points/awards: a team's manager gives points to one of its members. */
export function awardAsManager({
  teamId,
  body,
}: {
  teamId: string;
  body: TeamPointsAwardBody;
}): Promise<LedgerLine> {
  return apiRequest(`/api/teams/${teamId}/points/awards`, {
    method: 'POST',
    body,
    schema: 'ledgerLineSchema',
  });
}

/** The ranking and the budget are asked again after, whatever the answer. */
export function useAwardAsManager(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamPointsAwardBody) => awardAsManager({ teamId, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointsQueryKeys.leaderboards });
      void queryClient.invalidateQueries({ queryKey: pointsQueryKeys.budget(teamId) });
      void queryClient.invalidateQueries({ queryKey: pointsQueryKeys.me });
    },
  });
}
