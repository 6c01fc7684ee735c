import type { TeamDetail } from '@guildhall/contract';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/lib/session/get-session';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';

/**
 * After a team changed: the answer replaces the cached team, every other team query loads again,
 * and so does the session, whose teams and roles may have changed with it.
 */
export function refreshAfterTeamChange(queryClient: QueryClient, saved?: TeamDetail): void {
  if (saved) queryClient.setQueryData(teamsQueryKeys.detail(saved._id), saved);
  void queryClient.invalidateQueries({
    queryKey: teamsQueryKeys.all,
    predicate: (query) => !saved || query.queryKey[2] !== saved._id,
  });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
