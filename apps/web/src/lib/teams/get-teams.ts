import { type Team } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamsQueryKeys } from './team-query-keys';

/** GET /api/teams: every team of the organisation, sorted by name. */
export function getTeams({ signal }: { signal?: AbortSignal } = {}): Promise<Team[]> {
  return apiRequest('/api/teams', { schema: 'teamsSchema', signal });
}

export function useTeams() {
  return useQuery({ queryKey: teamsQueryKeys.list(), queryFn: getTeams });
}
