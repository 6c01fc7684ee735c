import type { TeamFields } from '@guildhall/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { teamRoleMembers, teamRoles, teams, users } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';

/** Creates a team with its roles and members, all or nothing. */
export async function createTeam(db: Db, fields: TeamFields): Promise<string> {
  return db.transaction(async (tx) => {
    await assertMembersExist(tx, fields);
    const id = newId();
    await tx.insert(teams).values({ id, ...teamColumns(fields) });
    await writeRoles(tx, id, fields, new Set());
    return id;
  });
}

/**
 * Replaces a team's fields, roles and members in one transaction: a role keeps its id when the
 * body names it, new roles are created, roles left out are deleted, members are replaced.
 */
export async function updateTeam(db: Db, id: string, fields: TeamFields): Promise<void> {
  await db.transaction(async (tx) => {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.id, id))
      .for('update');
    if (!team) throw notFound('team_not_found', 'No team has this id');
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

    await tx
      .update(teams)
      .set({ ...teamColumns(fields), updatedAt: new Date() })
      .where(eq(teams.id, id));
    const kept = fields.roles.flatMap((role) => (role._id ? [role._id] : []));
    await tx
      .delete(teamRoles)
      .where(
        and(eq(teamRoles.teamId, id), kept.length > 0 ? notInArray(teamRoles.id, kept) : undefined),
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
    await writeRoles(tx, id, fields, new Set(kept));
  });
}

export async function deleteTeam(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  if (deleted.length === 0) throw notFound('team_not_found', 'No team has this id');
}

function teamColumns(fields: TeamFields) {
  return {
    name: fields.name,
    icon: fields.icon,
    type: fields.type,
    game: fields.type === 'esport' ? (fields.game ?? null) : null,
  };
}

async function writeRoles(
  tx: Db,
  teamId: string,
  fields: TeamFields,
  kept: Set<string>,
): Promise<void> {
  for (const [position, role] of fields.roles.entries()) {
    const roleId = role._id && kept.has(role._id) ? role._id : newId();
    if (kept.has(roleId)) {
      await tx.update(teamRoles).set({ name: role.role, position }).where(eq(teamRoles.id, roleId));
    } else {
      await tx.insert(teamRoles).values({ id: roleId, teamId, name: role.role, position });
    }
    if (role.members.length > 0) {
      await tx
        .insert(teamRoleMembers)
        .values(role.members.map((userId, index) => ({ roleId, userId, position: index })));
    }
  }
}

/** 400 naming the first member id that matches nobody. */
async function assertMembersExist(tx: Db, fields: TeamFields): Promise<void> {
  const ids = [...new Set(fields.roles.flatMap((role) => role.members))];
  if (ids.length === 0) return;
  const found = new Set(
    (await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map(
      (row) => row.id,
    ),
  );
  for (const [roleIndex, role] of fields.roles.entries()) {
    for (const [memberIndex, memberId] of role.members.entries()) {
      if (!found.has(memberId)) {
        throw invalid(
          `body.roles.${roleIndex}.members.${memberIndex}`,
          `no member has the id ${memberId}`,
        );
      }
    }
  }
}

function invalid(path: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', `Invalid request: ${path} ${message}`, [
    { path, message },
  ]);
}
