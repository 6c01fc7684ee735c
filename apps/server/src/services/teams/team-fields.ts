import type { TeamFields } from '@guildhall/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { teamRoleMembers, teamRoles, users } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { teamNameKey, teamNameTaken } from './team-name-key.js';

/** The team's own columns: a game only for an esport team. */
export function teamColumns(fields: TeamFields) {
  return {
    name: fields.name,
    nameKey: teamNameKey(fields.name),
    icon: fields.icon,
    type: fields.type,
    game: fields.type === 'esport' ? (fields.game ?? null) : null,
  };
}

/** Writes the roles in their order with their members; `kept` roles are updated in place. */
export async function writeRoles(
  tx: Db,
  teamId: string,
  fields: TeamFields,
  kept: Set<string>,
  /** `roleId:userId` of the memberships a Discord mapping gave, which stay its own. */
  fromDiscord: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const [position, role] of fields.roles.entries()) {
    const roleId = role._id && kept.has(role._id) ? role._id : newId();
    if (kept.has(roleId)) {
      await tx
        .update(teamRoles)
        .set({
          name: role.role,
          position,
          ...(role.manages !== undefined && { manages: role.manages }),
        })
        .where(eq(teamRoles.id, roleId));
    } else {
      await tx
        .insert(teamRoles)
        .values({ id: roleId, teamId, name: role.role, position, manages: role.manages ?? false });
    }
    if (role.members.length > 0) {
      await tx.insert(teamRoleMembers).values(
        role.members.map((userId, index) => ({
          roleId,
          userId,
          position: index,
          source: fromDiscord.has(`${roleId}:${userId}`)
            ? ('discord' as const)
            : ('manual' as const),
        })),
      );
    }
  }
}

/** 400 naming the first member id that matches nobody. */
export async function assertMembersExist(tx: Db, fields: TeamFields): Promise<void> {
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

export function invalid(path: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', `Invalid request: ${path} ${message}`, [
    { path, message, code: 'unknown_reference' },
  ]);
}

/** Two saves of one name at once: the unique index refuses the second, answered as a 409. */
export async function withTeamNameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'teams_name_key_unique')) throw teamNameTaken();
    throw error;
  }
}
