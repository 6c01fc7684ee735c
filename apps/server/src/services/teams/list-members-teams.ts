import type { MemberTeam } from '@guildhall/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamRoleMembers, teamRoles, teams } from '../../db/schema.js';

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
  const rows = await db
    .selectDistinct({ userId: teamRoleMembers.userId, teamId: teams.id, name: teams.name })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .innerJoin(teams, eq(teams.id, teamRoles.teamId))
    .where(inArray(teamRoleMembers.userId, [...userIds]))
    .orderBy(asc(teamRoleMembers.userId), asc(teams.name), asc(teams.id));
  for (const row of rows) byMember.get(row.userId)?.push({ _id: row.teamId, name: row.name });
  return byMember;
}
