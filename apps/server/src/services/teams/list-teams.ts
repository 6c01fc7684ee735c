import type { Team, TeamDetail } from '@guildhall/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  teamRoleMembers,
  teamRoles,
  teams,
  users,
  type TeamRow,
  type UserRow,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

/** Every team, by name, with its roles in order and their members' ids; or only those of a member. */
export async function listTeams(db: Db, options: { userId?: string } = {}): Promise<Team[]> {
  const teamRows = options.userId
    ? await db
        .selectDistinct({ team: teams })
        .from(teams)
        .innerJoin(teamRoles, eq(teamRoles.teamId, teams.id))
        .innerJoin(teamRoleMembers, eq(teamRoleMembers.roleId, teamRoles.id))
        .where(eq(teamRoleMembers.userId, options.userId))
        .then((rows) => rows.map((row) => row.team))
    : await db.select().from(teams);
  teamRows.sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }));
  const roles = await rolesOf(
    db,
    teamRows.map((team) => team.id),
  );
  return teamRows.map((team) => ({
    ...presentTeamFields(team),
    roles: (roles.get(team.id) ?? []).map((role) => ({
      _id: role.id,
      role: role.name,
      members: role.members.map((member) => member.userId),
    })),
  }));
}

/** One team with its members as member rows, for editing and the organisation chart. */
export async function getTeamDetail(
  db: Db,
  id: string,
  present: (row: UserRow) => TeamDetail['roles'][number]['members'][number],
): Promise<TeamDetail> {
  const [team] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  if (!team) throw notFound('team_not_found', 'No team has this id');
  const roles = (await rolesOf(db, [id])).get(id) ?? [];
  const memberIds = [
    ...new Set(roles.flatMap((role) => role.members.map((member) => member.userId))),
  ];
  const memberRows =
    memberIds.length > 0 ? await db.select().from(users).where(inArray(users.id, memberIds)) : [];
  const byId = new Map(memberRows.map((row) => [row.id, row]));
  return {
    ...presentTeamFields(team),
    roles: roles.map((role) => ({
      _id: role.id,
      role: role.name,
      members: role.members.flatMap((member) => {
        const row = byId.get(member.userId);
        return row ? [present(row)] : [];
      }),
    })),
  };
}

function presentTeamFields(team: TeamRow) {
  return { _id: team.id, name: team.name, icon: team.icon, type: team.type, game: team.game };
}

async function rolesOf(db: Db, teamIds: string[]) {
  const byTeam = new Map<string, { id: string; name: string; members: { userId: string }[] }[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({
      id: teamRoles.id,
      teamId: teamRoles.teamId,
      name: teamRoles.name,
      userId: teamRoleMembers.userId,
    })
    .from(teamRoles)
    .leftJoin(teamRoleMembers, eq(teamRoleMembers.roleId, teamRoles.id))
    .where(inArray(teamRoles.teamId, teamIds))
    .orderBy(asc(teamRoles.position), asc(sql`coalesce(${teamRoleMembers.position}, 0)`));
  const roles = new Map<string, { id: string; name: string; members: { userId: string }[] }>();
  for (const row of rows) {
    let role = roles.get(row.id);
    if (!role) {
      role = { id: row.id, name: row.name, members: [] };
      roles.set(row.id, role);
      byTeam.set(row.teamId, [...(byTeam.get(row.teamId) ?? []), role]);
    }
    if (row.userId) role.members.push({ userId: row.userId });
  }
  return byTeam;
}
