import type { SessionUser, Team } from '@guildhall/contract';
import { can } from '@/lib/session/abilities';

/** Whether the member may create events: an admin, or a member of a role that manages a team. */
export const canCreateEvents = (user: SessionUser): boolean =>
  can(user, 'manage:events') || can(user, 'manage:team-events');

/**
 * The teams the member may plan events for: every team with `manage:events`, else those where
 * it holds a role ticked "manages the team" (the server checks the same on each call).
 */
export function teamsManagedBy(user: SessionUser, teams: readonly Team[]): Team[] {
  if (can(user, 'manage:events')) return [...teams];
  if (!can(user, 'manage:team-events')) return [];
  return teams.filter((team) =>
    team.roles.some((role) => role.manages && role.members.includes(user._id)),
  );
}
