import type { Team, TeamDetail } from '@guildhall/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  teamRoleMembers,
  teamRoles,
  teams,
  users,
  type TeamRow,
  type UserRow,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

/** One collator for every sort: localeCompare with a locale builds a new one at each comparison. */
const byName = new Intl.Collator('fr', { sensitivity: 'base' });

const everyTeam = preparedPerDatabase((db) => db.select().from(teams).prepare('every_team'));
const teamsOfMember = preparedPerDatabase((db) =>
  db
    .selectDistinct({ team: teams })
    .from(teams)
    .innerJoin(teamRoles, eq(teamRoles.teamId, teams.id))
    .innerJoin(teamRoleMembers, eq(teamRoleMembers.roleId, teamRoles.id))
    .where(eq(teamRoleMembers.userId, sql.placeholder('userId')))
    .prepare('teams_of_member'),
);

/** Every team, by name, with its roles in order and their members' ids; or only those of a member. */
export async function listTeams(db: Db, options: { userId?: string } = {}): Promise<Team[]> {
  const teamRows = options.userId
    ? (await teamsOfMember(db).execute({ userId: options.userId })).map((row) => row.team)
    : await everyTeam(db).execute();
  teamRows.sort((a, b) => byName.compare(a.name, b.name));
  const roles = await rolesOf(
    db,
    teamRows.map((team) => team.id),
  );
  return teamRows.map((team) => ({
    ...presentTeamFields(team),
    roles: (roles.get(team.id) ?? []).map((role) => ({
      _id: role.id,
      role: role.name,
      members: role.memberIds,
      manages: role.manages,
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
  const memberIds = [...new Set(roles.flatMap((role) => role.memberIds))];
  const memberRows =
    memberIds.length > 0 ? await db.select().from(users).where(inArray(users.id, memberIds)) : [];
  const byId = new Map(memberRows.map((row) => [row.id, row]));
  return {
    ...presentTeamFields(team),
    roles: roles.map((role) => ({
      _id: role.id,
      role: role.name,
      manages: role.manages,
      members: role.memberIds.flatMap((memberId) => {
        const row = byId.get(memberId);
        return row ? [present(row)] : [];
      }),
    })),
  };
}

function presentTeamFields(team: TeamRow) {
  return { _id: team.id, name: team.name, icon: team.icon, type: team.type, game: team.game };
}

type TeamRole = { id: string; name: string; manages: boolean; memberIds: string[] };

/** The roles of the teams in order, each with its members' ids in order: one row per role. */
const rolesOfTeams = preparedPerDatabase((db) =>
  db
    .select({
      id: teamRoles.id,
      teamId: teamRoles.teamId,
      name: teamRoles.name,
      manages: teamRoles.manages,
      // JSON rather than a text[]: the driver parses JSON natively, arrays in JavaScript.
      memberIds: sql<string[]>`coalesce(
        json_agg(${teamRoleMembers.userId} order by ${teamRoleMembers.position})
          filter (where ${teamRoleMembers.userId} is not null),
        '[]')`,
    })
    .from(teamRoles)
    .leftJoin(teamRoleMembers, eq(teamRoleMembers.roleId, teamRoles.id))
    .where(sql`${teamRoles.teamId} = any(${sql.placeholder('teamIds')})`)
    .groupBy(teamRoles.id)
    .orderBy(asc(teamRoles.position))
    .prepare('roles_of_teams'),
);

async function rolesOf(db: Db, teamIds: string[]): Promise<Map<string, TeamRole[]>> {
  const byTeam = new Map<string, TeamRole[]>();
  if (teamIds.length === 0) return byTeam;
  for (const { teamId, ...role } of await rolesOfTeams(db).execute({ teamIds })) {
    const roles = byTeam.get(teamId);
    if (roles) roles.push(role);
    else byTeam.set(teamId, [role]);
  }
  return byTeam;
}
