import { type TeamDetail } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamsQueryKeys } from './team-query-keys';

/** GET /api/teams/{id}: one team, its roles' members as member objects. */
export function getTeam(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TeamDetail> {
  return apiRequest(`/api/teams/${id}`, { schema: 'teamDetailSchema', signal });
}

/** Asks nothing while `id` is undefined (no team chosen yet). */
export function useTeam(id: string | undefined) {
  return useQuery({
    queryKey: teamsQueryKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getTeam(id ?? '', { signal }),
    enabled: id !== undefined,
  });
}
