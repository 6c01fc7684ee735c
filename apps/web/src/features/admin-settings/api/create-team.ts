import { type TeamBody, type TeamDetail } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterTeamChange } from './save-team-cache';

/** POST /api/teams (admins): a team with its roles and members, created at once. */
export function createTeam(body: TeamBody): Promise<TeamDetail> {
  return apiRequest('/api/teams', { method: 'POST', body, schema: 'teamDetailSchema' });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => refreshAfterTeamChange(queryClient, team),
  });
}
