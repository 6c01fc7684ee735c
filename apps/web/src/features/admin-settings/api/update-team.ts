import { type TeamBody, type TeamDetail } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterTeamChange } from './save-team-cache';

interface TeamChange {
  id: string;
  /** The whole team: roles left out are deleted, members are replaced. */
  body: TeamBody;
}

/** PUT /api/teams/{id} (admins): replaces the team, its roles and members in one transaction. */
export function updateTeam({ id, body }: TeamChange): Promise<TeamDetail> {
  return apiRequest(`/api/teams/${id}`, { method: 'PUT', body, schema: 'teamDetailSchema' });
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: (team) => refreshAfterTeamChange(queryClient, team),
  });
}
