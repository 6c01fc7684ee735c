import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/lib/session/get-session';
import { teamsQueryKeys } from '@/lib/teams/team-query-keys';
import { usersQueryKeys } from '@/lib/users/user-query-keys';
import { discordQueryKeys } from './discord-query-keys';

/** What a sync or an import may have changed: anyone's role and teams, the admin's own too. */
const AFTER_MEMBERS_CHANGED = [
  discordQueryKeys.history(),
  discordQueryKeys.status(),
  usersQueryKeys.all,
  teamsQueryKeys.all,
  sessionQueryKey,
] as const;

/** After members were read again from Discord: every screen showing them asks again. */
export function refreshAfterDiscordMembersChange(queryClient: QueryClient): void {
  for (const queryKey of AFTER_MEMBERS_CHANGED) void queryClient.invalidateQueries({ queryKey });
}
