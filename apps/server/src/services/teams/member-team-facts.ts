import type { Db } from '../../db/client.js';
import { teamFactsOf, type TeamFacts } from '../../policies/relationships.js';
import { memberTeamRoles } from './member-team-roles.js';

/**
 * The member's teams, team roles, their names and the teams it manages, in one read (the prepared
 * read of its team roles), for the relationship rules of policies/relationships.ts. Read at each
 * request, inside the caller's transaction when it has one: always current.
 */
export async function readMemberTeamFacts(db: Db, memberId: string): Promise<TeamFacts> {
  return teamFactsOf(await memberTeamRoles(db, memberId));
}
