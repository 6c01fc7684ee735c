import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { teamRoleMembers, teamRoles, teams } from '../../db/schema.js';

export interface MemberTeamRole {
  teamId: string;
  roleId: string;
  teamName: string;
  icon: string;
  role: string;
  /** The role manages the team's events. */
  manages: boolean;
}

/** Read at every page load (GET /api/user): built once per database. */
const memberTeamRolesQuery = preparedPerDatabase((db) =>
  db
    .select({
      teamId: teams.id,
      roleId: teamRoles.id,
      teamName: teams.name,
      icon: teams.icon,
      role: teamRoles.name,
      manages: teamRoles.manages,
    })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .innerJoin(teams, eq(teams.id, teamRoles.teamId))
    .where(eq(teamRoleMembers.userId, sql.placeholder('userId')))
    .orderBy(asc(teams.name), asc(teamRoles.position))
    .prepare('member_team_roles'),
);

/** Every role the member holds, team by team: read at each request, so always current. */
export async function memberTeamRoles(db: Db, userId: string): Promise<MemberTeamRole[]> {
  return memberTeamRolesQuery(db).execute({ userId });
}

/** The session member's `teams` and `rolesByTeam`. */
export function summarizeMemberships(roles: MemberTeamRole[]): {
  teams: string[];
  rolesByTeam: Record<string, string[]>;
} {
  const rolesByTeam: Record<string, string[]> = {};
  for (const { teamId, role } of roles) (rolesByTeam[teamId] ??= []).push(role);
  return { teams: Object.keys(rolesByTeam), rolesByTeam };
}
