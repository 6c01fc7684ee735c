import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';
import { refreshAfterTeamChange } from './save-team-cache';

/** DELETE /api/teams/{id} (admins): the team, its roles and memberships. */
export function deleteTeam(id: string): Promise<void> {
  return apiRequest(`/api/teams/${id}`, { method: 'DELETE' });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: teamsQueryKeys.detail(id) });
      refreshAfterTeamChange(queryClient);
    },
  });
}
