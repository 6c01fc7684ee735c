import type { TeamFields } from '@guildhall/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamRoleMembers, teamRoles, teams } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import {
  assertMembersExist,
  invalid,
  teamColumns,
  withTeamNameUnique,
  writeRoles,
} from './team-fields.js';
import { assertTeamNameFree } from './team-name-key.js';
import { announce } from '../happenings.js';
import { recordTeamRoleChanges, teamHoldings } from './team-role-history.js';

/**
 * Replaces a team's fields, roles and members in one transaction: a role keeps its id when the
 * body names it, new roles are created, roles left out are deleted, members are replaced.
 */
export async function updateTeam({
  db,
  id,
  fields,
}: {
  db: Db;
  id: string;
  fields: TeamFields;
}): Promise<void> {
  await withTeamNameUnique(() =>
    db.transaction(async (tx) => {
      const [team] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(eq(teams.id, id))
        .for('update');
      if (!team) throw notFound('team_not_found', 'No team has this id');
      await assertTeamNameFree(tx, fields.name, id);
      await assertMembersExist(tx, fields);
      const existing = await tx
        .select({ id: teamRoles.id })
        .from(teamRoles)
        .where(eq(teamRoles.teamId, id));
      const existingIds = new Set(existing.map((role) => role.id));
      fields.roles.forEach((role, index) => {
        if (role._id && !existingIds.has(role._id)) {
          throw invalid(`body.roles.${index}._id`, 'is not a role of this team');
        }
      });

      const before = await teamHoldings(tx, id);
      await tx
        .update(teams)
        .set({ ...teamColumns(fields), updatedAt: new Date() })
        .where(eq(teams.id, id));
      const kept = fields.roles.flatMap((role) => (role._id ? [role._id] : []));
      const removed = await tx
        .delete(teamRoles)
        .where(
          and(
            eq(teamRoles.teamId, id),
            kept.length > 0 ? notInArray(teamRoles.id, kept) : undefined,
          ),
        )
        .returning({ id: teamRoles.id });
      // Memberships a Discord mapping gave stay the mapping's, to take back, when kept.
      const fromDiscord = new Set(
        kept.length === 0
          ? []
          : (
              await tx
                .select({ roleId: teamRoleMembers.roleId, userId: teamRoleMembers.userId })
                .from(teamRoleMembers)
                .where(
                  and(inArray(teamRoleMembers.roleId, kept), eq(teamRoleMembers.source, 'discord')),
                )
            ).map((row) => `${row.roleId}:${row.userId}`),
      );
      if (kept.length > 0) {
        await tx.delete(teamRoleMembers).where(inArray(teamRoleMembers.roleId, kept));
        // Park kept roles on unique temporary names so that swapping two names cannot collide.
        for (const roleId of kept) {
          await tx
            .update(teamRoles)
            .set({ name: `#${roleId}` })
            .where(eq(teamRoles.id, roleId));
        }
      }
      await writeRoles(tx, id, fields, new Set(kept), fromDiscord);
      await recordTeamRoleChanges(tx, id, before, await teamHoldings(tx, id));
      // Events for roles deleted here may have no one left to invite.
      if (removed.length > 0) await announce(tx, 'teamRolesDeleted', { teamId: id });
    }),
  );
}
