import type { Role } from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE, createSession } from '../../src/auth/sessions.js';
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { newId } from '../../src/db/ids.js';
import { createAlert } from '../../src/services/alerts/create-alert.js';
import { teamNameKey } from '../../src/services/teams/team-name-key.js';
import { pseudoKey } from '../../src/services/users/pseudo-key.js';
import { teamRoleMembers, teamRoles, teams, users, type UserRow } from '../../src/db/schema.js';

/** A member with a unique pseudo; any column can be given. */
export async function buildMember(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const pseudo = overrides.pseudo ?? `member-${randomBytes(4).toString('hex')}`;
  const [member] = await db
    .insert(users)
    .values({ id: newId(), role: 'user', ...overrides, pseudo, pseudoKey: pseudoKey(pseudo) })
    .returning();
  return member!;
}

export const buildAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildMember(db, { role: 'admin', ...overrides });

/** A session for the member, as the Cookie header a browser would send. */
export async function sessionCookieFor(db: Db, config: Config, member: UserRow): Promise<string> {
  const { token } = await createSession(db, member.id, config.session);
  return `${SESSION_COOKIE}=${token}`;
}

/** A signed-in member of the given role, with its cookie. */
export async function signedInAs(
  db: Db,
  config: Config,
  role: Role,
): Promise<{ member: UserRow; cookie: string }> {
  const member = await buildMember(db, { role });
  return { member, cookie: await sessionCookieFor(db, config, member) };
}

/** A team with roles and their members, written straight to the database. */
export async function buildTeam(
  db: Db,
  options: {
    name?: string;
    type?: 'transversal' | 'esport';
    game?: 'leagueoflegends' | 'valorant' | 'fortnite' | 'ssbu' | null;
    /** `manages`: the role's members manage the team's events. */
    roles?: { role: string; members: UserRow[]; manages?: boolean }[];
  } = {},
): Promise<{ id: string; roleIds: string[] }> {
  const type = options.type ?? 'esport';
  const id = newId();
  // Team names are unique (decision 027): enough randomness for the thousands a run makes.
  const name = options.name ?? `team-${randomBytes(8).toString('hex')}`;
  await db.insert(teams).values({
    id,
    name,
    nameKey: teamNameKey(name),
    icon: 'trophy',
    type,
    game: type === 'esport' ? (options.game ?? 'leagueoflegends') : null,
  });
  const roleIds: string[] = [];
  for (const [position, role] of (options.roles ?? []).entries()) {
    const roleId = newId();
    roleIds.push(roleId);
    await db.insert(teamRoles).values({
      id: roleId,
      teamId: id,
      name: role.role,
      position,
      manages: role.manages ?? false,
    });
    if (role.members.length > 0) {
      await db
        .insert(teamRoleMembers)
        .values(
          role.members.map((member, index) => ({ roleId, userId: member.id, position: index })),
        );
    }
  }
  return { id, roleIds };
}

/** An active alert shown to everyone; any field can be given. */
export const buildAlert = (
  db: Db,
  overrides: Partial<Parameters<typeof createAlert>[0]['fields']> = {},
) =>
  createAlert({
    db,
    fields: {
      type: 'infos',
      statut: 'active',
      condition: 'true',
      message: 'Hello',
      ...overrides,
    },
  });
