import type { MemberTeam } from '@guildhall/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { teamRoleMembers, teamRoles, teams } from '../../db/schema.js';

/**
 * Prepared once (`= any` of an array, whatever the page's length): the member list asks it at
 * every page, and planning the join anew each time cost more than running it.
 */
const teamsOfMembers = preparedPerDatabase((db) =>
  db
    .selectDistinct({ userId: teamRoleMembers.userId, teamId: teams.id, name: teams.name })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .innerJoin(teams, eq(teams.id, teamRoles.teamId))
    .where(sql`${teamRoleMembers.userId} = any(${sql.placeholder('userIds')})`)
    .orderBy(asc(teamRoleMembers.userId), asc(teams.name), asc(teams.id))
    .prepare('teams_of_members'),
);

/**
 * The teams each of the members holds a role in, by name: one query for a whole page of the
 * member list, never one per member.
 */
export async function listMembersTeams({
  db,
  userIds,
}: {
  db: Db;
  userIds: readonly string[];
}): Promise<Map<string, MemberTeam[]>> {
  const byMember = new Map<string, MemberTeam[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byMember;
  for (const row of await teamsOfMembers(db).execute({ userIds: [...userIds] })) {
    byMember.get(row.userId)?.push({ _id: row.teamId, name: row.name });
  }
  return byMember;
}
