import type {
  MemberSelection,
  MembershipChange,
  MembershipChangeResult,
} from '@guildhall/contract';
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import {
  membershipEvents,
  teamRoleMembers,
  teamRoles,
  teams,
  users,
  type UserRow,
} from '../../db/schema.js';
import { conflict, invalidRequest, notFound } from '../../lib/http-error.js';
import { announce } from '../happenings.js';
import { membersMatching } from './list-users.js';

type HistoryRow = typeof membershipEvents.$inferInsert;

/**
 * The members chosen, locked against other writes of their rows (not of their keys: a team's
 * save may add them to its roles meanwhile and waits only on the team). Every id must be a
 * member's; a filter must still find the number the admin confirmed.
 */
async function chosenMembers(tx: Db, selection: MemberSelection): Promise<UserRow[]> {
  if ('ids' in selection) {
    const found = await tx
      .select()
      .from(users)
      .where(inArray(users.id, selection.ids))
      .orderBy(asc(users.id))
      .for('no key update');
    if (found.length !== selection.ids.length) {
      throw notFound('user_not_found', 'One of the members chosen does not exist (any more)');
    }
    return found;
  }
  const found = await tx
    .select()
    .from(users)
    .where(membersMatching(selection.filter))
    .orderBy(asc(users.id))
    .for('no key update');
  if (found.length !== selection.expected) {
    throw conflict(
      'selection_changed',
      `The filter now finds ${found.length} members, not the ${selection.expected} confirmed`,
    );
  }
  return found;
}

interface TeamRoleNamed {
  id: string;
  teamId: string;
  /** "Team · Role", as the membership history records it. */
  detail: string;
}

/**
 * The team roles to add and to remove, their teams locked as a team's save locks them; 400 for an
 * unknown id.
 */
async function namedTeamRoles(
  tx: Db,
  change: MembershipChange,
): Promise<{ adding: TeamRoleNamed[]; removing: TeamRoleNamed[] }> {
  const named = [...(change.add_team_roles ?? []), ...(change.remove_team_roles ?? [])];
  if (named.length === 0) return { adding: [], removing: [] };
  const rows = await tx
    .select({ id: teamRoles.id, teamId: teamRoles.teamId, role: teamRoles.name, team: teams.name })
    .from(teamRoles)
    .innerJoin(teams, eq(teams.id, teamRoles.teamId))
    .where(inArray(teamRoles.id, named));
  const found = new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, teamId: row.teamId, detail: `${row.team} · ${row.role}` },
    ]),
  );
  const issues = (['add_team_roles', 'remove_team_roles'] as const).flatMap((field) =>
    (change[field] ?? []).flatMap((id, index) =>
      found.has(id)
        ? []
        : [
            {
              path: `${field}.${index}`,
              message: 'is not a team role',
              code: 'unknown_reference' as const,
            },
          ],
    ),
  );
  if (issues.length > 0) throw invalidRequest(issues);
  const teamIds = [...new Set(rows.map((row) => row.teamId))].sort();
  await tx
    .select({ id: teams.id })
    .from(teams)
    .where(inArray(teams.id, teamIds))
    .orderBy(asc(teams.id))
    .for('update');
  const resolved = (ids: string[] | undefined) => (ids ?? []).flatMap((id) => found.get(id) ?? []);
  return { adding: resolved(change.add_team_roles), removing: resolved(change.remove_team_roles) };
}

/**
 * An admin's change of the role, the adhesion or the team roles of one or many members, in one
 * transaction whatever their profiles hold, each change written to the membership history as the
 * admin's. Nothing is written when a member, a team role or the last admin stands in the way.
 */
export async function changeMembership(options: {
  db: Db;
  change: MembershipChange;
  now?: Date;
}): Promise<MembershipChangeResult> {
  const { db, change } = options;
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.adminRoles);
    const members = await chosenMembers(tx, change.members);
    const { adding, removing } = await namedTeamRoles(tx, change);
    const now = options.now ?? new Date();
    const ids = members.map((member) => member.id);
    const history: HistoryRow[] = [];
    const line = (
      member: UserRow,
      kind: HistoryRow['kind'],
      detail: string | null,
      teamId?: string,
    ) =>
      history.push({
        id: newId(),
        userId: member.id,
        pseudo: member.pseudo,
        kind,
        detail,
        teamId,
        source: 'admin',
      });

    const { role } = change;
    const newRole = role === undefined ? [] : members.filter((member) => member.role !== role);
    if (role !== undefined && newRole.length > 0) {
      await tx
        .update(users)
        // A role an admin sets is the admin's: no Discord mapping lowers it (decision 034).
        .set({ role, roleSource: 'manual', roleByHand: null, updatedAt: now })
        .where(
          inArray(
            users.id,
            newRole.map((member) => member.id),
          ),
        );
      for (const member of newRole) line(member, 'role_granted', role);
      const [admins] = await tx
        .select({ count: count() })
        .from(users)
        .where(eq(users.role, 'admin'));
      if ((admins?.count ?? 0) === 0) {
        throw conflict(
          'last_admin',
          'The organisation needs at least one admin: name another first',
        );
      }
    }

    const { adhesion } = change;
    const newAdhesion =
      adhesion === undefined ? [] : members.filter((member) => member.adhesion !== adhesion);
    if (adhesion !== undefined && newAdhesion.length > 0) {
      const updated = await tx
        .update(users)
        .set({ adhesion, updatedAt: now })
        .where(
          inArray(
            users.id,
            newAdhesion.map((member) => member.id),
          ),
        )
        .returning({
          id: users.id,
          createdAt: users.createdAt,
          adhesion: users.adhesion,
          role: users.role,
        });
      // Ticked: the adhesion points of the season under way; unticked: taken back (decision
      // 040). An invited member has not joined yet: the daily run gives it nothing either.
      await announce(tx, 'adhesionChanged', {
        members: updated.filter((member) => member.role !== 'invited'),
        at: now,
      });
      for (const member of newAdhesion) {
        line(member, adhesion ? 'adhesion_granted' : 'adhesion_removed', null);
      }
    }

    for (const teamRole of removing) {
      const removed = await tx
        .delete(teamRoleMembers)
        .where(and(eq(teamRoleMembers.roleId, teamRole.id), inArray(teamRoleMembers.userId, ids)))
        .returning({ userId: teamRoleMembers.userId });
      const left = new Set(removed.map((row) => row.userId));
      for (const member of members.filter((one) => left.has(one.id))) {
        line(member, 'team_role_removed', teamRole.detail, teamRole.teamId);
      }
    }
    for (const teamRole of adding) {
      const roleId = teamRole.id;
      const holders = await tx
        .select({ userId: teamRoleMembers.userId })
        .from(teamRoleMembers)
        .where(and(eq(teamRoleMembers.roleId, roleId), inArray(teamRoleMembers.userId, ids)));
      const held = new Set(holders.map((holder) => holder.userId));
      const joining = members.filter((member) => !held.has(member.id));
      if (joining.length === 0) continue;
      // Last in the role's list, in the order of the members' ids, as an admin adding them would.
      const [last] = await tx
        .select({ position: max(teamRoleMembers.position) })
        .from(teamRoleMembers)
        .where(eq(teamRoleMembers.roleId, roleId));
      const first = (last?.position ?? -1) + 1;
      await tx.insert(teamRoleMembers).values(
        joining.map((member, index) => ({
          roleId,
          userId: member.id,
          position: first + index,
          source: 'manual' as const,
        })),
      );
      for (const member of joining)
        line(member, 'team_role_granted', teamRole.detail, teamRole.teamId);
    }

    if (history.length > 0) await tx.insert(membershipEvents).values(history);
    return {
      members: members.length,
      changed: new Set(history.map((row) => row.userId)).size,
    };
  });
}
