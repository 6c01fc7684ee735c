import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { membershipEvents, teamRoleMembers, teamRoles, teams, users } from '../../db/schema.js';

/*
 * An admin's edit of a team writes the team roles it grants and takes back into the membership
 * history, as the Discord sync does: the member's timeline reads them there (decision 039).
 */

interface Holding {
  userId: string;
  pseudo: string;
  /** "Team · Role", as the history records it. */
  detail: string;
}

/** Who holds which of the team's roles, by `roleId:userId`. */
export async function teamHoldings(tx: Db, teamId: string): Promise<Map<string, Holding>> {
  const rows = await tx
    .select({
      roleId: teamRoles.id,
      role: teamRoles.name,
      team: teams.name,
      userId: users.id,
      pseudo: users.pseudo,
    })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .innerJoin(teams, eq(teams.id, teamRoles.teamId))
    .innerJoin(users, eq(users.id, teamRoleMembers.userId))
    .where(eq(teamRoles.teamId, teamId));
  return new Map(
    rows.map((row) => [
      `${row.roleId}:${row.userId}`,
      { userId: row.userId, pseudo: row.pseudo, detail: `${row.team} · ${row.role}` },
    ]),
  );
}

/** Records, as the admin's, the roles held after and not before, and those held before only. */
export async function recordTeamRoleChanges(
  tx: Db,
  teamId: string,
  before: ReadonlyMap<string, Holding>,
  after: ReadonlyMap<string, Holding>,
): Promise<void> {
  const change = (kind: 'team_role_granted' | 'team_role_removed', holding: Holding) => ({
    id: newId(),
    userId: holding.userId,
    pseudo: holding.pseudo,
    kind,
    detail: holding.detail,
    teamId,
    source: 'admin' as const,
  });
  const rows = [
    ...[...before]
      .filter(([key]) => !after.has(key))
      .map(([, h]) => change('team_role_removed', h)),
    ...[...after]
      .filter(([key]) => !before.has(key))
      .map(([, h]) => change('team_role_granted', h)),
  ];
  if (rows.length > 0) await tx.insert(membershipEvents).values(rows);
}
