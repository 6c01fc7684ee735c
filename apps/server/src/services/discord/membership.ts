import type { MEMBERSHIP_EVENT_KINDS, Role } from '@guildhall/contract';
import { and, eq, inArray, max, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import {
  discordRoleMappings,
  membershipEvents,
  passwordEntries,
  passwordLeaverExposures,
  sessions,
  teamRoleMembers,
  teamRoles,
  teams,
  users,
  type UserRow,
} from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { accessibleBy } from '../passwords/access.js';

/*
 * Access follows the Discord server (decision 034). A mapping turns the member's Discord roles
 * into a portal role and team roles, recorded as coming from Discord: only those are ever taken
 * back, never what an admin set by hand (a role the mapping raised returns to the admin's). A member gone from the server loses its sessions, its
 * team roles and its role (guest), and every vault entry it could reveal is listed for rotation.
 */

/** Roles from least to most: a mapping raises a role set by hand, never lowers it. */
const RANK: Readonly<Record<Role, number>> = { invited: 0, guest: 1, user: 2, admin: 3 };

type EventKind = (typeof MEMBERSHIP_EVENT_KINDS)[number];
/** A team role's change names its team, which the member's timeline reads (decision 039). */
type HistoryLine = { kind: EventKind; detail: string | null; teamId?: string | null };

async function record(
  tx: Db,
  member: Pick<UserRow, 'id' | 'pseudo'>,
  events: HistoryLine[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(membershipEvents).values(
    events.map((event) => ({
      id: newId(),
      userId: member.id,
      pseudo: member.pseudo,
      source: 'discord' as const,
      ...event,
    })),
  );
}

/** "Team · Role" and the team of each team role id, for the history's lines. */
async function teamRoleNames(
  tx: Db,
  roleIds: string[],
): Promise<Map<string, { detail: string; teamId: string }>> {
  if (roleIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: teamRoles.id, role: teamRoles.name, team: teams.name, teamId: teams.id })
    .from(teamRoles)
    .innerJoin(teams, eq(teams.id, teamRoles.teamId))
    .where(inArray(teamRoles.id, roleIds));
  return new Map(
    rows.map((row) => [row.id, { detail: `${row.team} · ${row.role}`, teamId: row.teamId }]),
  );
}

/** The history line of a team role given or taken back. */
function teamRoleLine(
  kind: 'team_role_granted' | 'team_role_removed',
  named: { detail: string; teamId: string } | undefined,
): HistoryLine {
  return { kind, detail: named?.detail ?? null, teamId: named?.teamId ?? null };
}

/** What the mapping grants to holders of these Discord roles. */
async function grantsOf(
  tx: Db,
  discordRoleIds: readonly string[],
): Promise<{ role: Role | null; teamRoleIds: Set<string> }> {
  if (discordRoleIds.length === 0) return { role: null, teamRoleIds: new Set() };
  const mapped = await tx
    .select()
    .from(discordRoleMappings)
    .where(inArray(discordRoleMappings.discordRoleId, [...discordRoleIds]));
  const roles = mapped.flatMap((mapping) => (mapping.portalRole ? [mapping.portalRole] : []));
  return {
    role: roles.reduce<Role | null>(
      (best, role) => (best === null || RANK[role] > RANK[best] ? role : best),
      null,
    ),
    teamRoleIds: new Set(mapped.flatMap((mapping) => mapping.teamRoleId ?? [])),
  };
}

/** True when another admin than `member` exists: the organisation never loses its last one. */
async function anotherAdmin(tx: Db, member: UserRow): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, member.id)))
    .limit(1);
  return other !== undefined;
}

/**
 * Applies the mapping to a member of the guild holding `discordRoleIds`, inside `tx`; returns
 * whether anything changed. The portal role: one the mapping gave follows the mapping, down to
 * the role an admin had set before (or guest); one set by hand is only raised. Team roles: the mapping's
 * are added, and those it gave and no longer grants are taken back.
 */
export async function applyDiscordRoles(
  tx: Db,
  member: UserRow,
  discordRoleIds: readonly string[],
): Promise<boolean> {
  await lockForTransaction(tx, LOCKS.adminRoles);
  const grants = await grantsOf(tx, discordRoleIds);
  const events: HistoryLine[] = [];

  let { role, roleSource, roleByHand } = member;
  if (member.roleSource === 'discord') {
    // Never below guest, nor below what an admin had set before the mapping raised it.
    const floor =
      member.roleByHand && RANK[member.roleByHand] > RANK.guest ? member.roleByHand : 'guest';
    const wanted = grants.role && RANK[grants.role] > RANK[floor] ? grants.role : floor;
    if (wanted !== member.role && (member.role !== 'admin' || (await anotherAdmin(tx, member)))) {
      role = wanted;
      events.push(
        RANK[wanted] > RANK[member.role]
          ? { kind: 'role_granted', detail: wanted }
          : { kind: 'role_removed', detail: member.role },
      );
    }
  } else if (grants.role && RANK[grants.role] > RANK[member.role]) {
    role = grants.role;
    roleSource = 'discord';
    roleByHand = member.role;
    events.push({ kind: 'role_granted', detail: grants.role });
  }

  const held = await tx
    .select({ roleId: teamRoleMembers.roleId, source: teamRoleMembers.source })
    .from(teamRoleMembers)
    .where(eq(teamRoleMembers.userId, member.id));
  const heldIds = new Set(held.map((row) => row.roleId));
  const taken = held
    .filter((row) => row.source === 'discord' && !grants.teamRoleIds.has(row.roleId))
    .map((row) => row.roleId);
  const given = [...grants.teamRoleIds].filter((roleId) => !heldIds.has(roleId));
  const names = await teamRoleNames(tx, [...taken, ...given]);
  if (taken.length > 0) {
    await tx
      .delete(teamRoleMembers)
      .where(and(eq(teamRoleMembers.userId, member.id), inArray(teamRoleMembers.roleId, taken)));
  }
  for (const roleId of given) {
    // Last in the role's list, as an admin adding the member would put it.
    const [last] = await tx
      .select({ position: max(teamRoleMembers.position) })
      .from(teamRoleMembers)
      .where(eq(teamRoleMembers.roleId, roleId));
    await tx.insert(teamRoleMembers).values({
      roleId,
      userId: member.id,
      position: (last?.position ?? -1) + 1,
      source: 'discord',
    });
  }
  events.push(
    ...taken.map((id) => teamRoleLine('team_role_removed', names.get(id))),
    ...given.map((id) => teamRoleLine('team_role_granted', names.get(id))),
  );

  const rejoined = member.leftDiscordAt !== null;
  if (role !== member.role || roleSource !== member.roleSource || rejoined) {
    await tx
      .update(users)
      .set({ role, roleSource, roleByHand, leftDiscordAt: null, updatedAt: new Date() })
      .where(eq(users.id, member.id));
  }
  await record(tx, member, events);
  return events.length > 0 || rejoined;
}

/**
 * A member no longer in the guild, inside `tx`: the vault entries it could reveal are listed
 * for rotation, then its sessions end, its team roles go and its role becomes guest (an admin
 * stays one only when it is the last). The account stays, with its history. Returns whether
 * anything changed (false when it had left already).
 */
export async function markLeft(tx: Db, member: UserRow): Promise<boolean> {
  if (member.leftDiscordAt !== null) return false;
  await lockForTransaction(tx, LOCKS.adminRoles);
  const leftAt = new Date();
  const exposed = await tx
    .select({ id: passwordEntries.id })
    .from(passwordEntries)
    .where(accessibleBy(member));
  if (exposed.length > 0) {
    await tx.insert(passwordLeaverExposures).values(
      exposed.map((entry) => ({
        id: newId(),
        entryId: entry.id,
        userId: member.id,
        pseudo: member.pseudo,
        leftAt,
      })),
    );
  }
  const endedSessions = await tx
    .delete(sessions)
    .where(eq(sessions.userId, member.id))
    .returning({ id: sessions.id });
  const removed = await tx
    .delete(teamRoleMembers)
    .where(eq(teamRoleMembers.userId, member.id))
    .returning({ roleId: teamRoleMembers.roleId });
  const names = await teamRoleNames(
    tx,
    removed.map((row) => row.roleId),
  );
  const keepsAdmin = member.role === 'admin' && !(await anotherAdmin(tx, member));
  const role: Role = keepsAdmin ? 'admin' : 'guest';
  theRow(
    await tx
      .update(users)
      .set({
        role,
        roleSource: 'manual',
        roleByHand: null,
        leftDiscordAt: leftAt,
        updatedAt: leftAt,
      })
      .where(eq(users.id, member.id))
      .returning({ id: users.id }),
  );
  await record(tx, member, [
    { kind: 'left_discord', detail: null },
    ...(endedSessions.length > 0 ? [{ kind: 'sessions_ended' as const, detail: null }] : []),
    ...removed.map((row) => teamRoleLine('team_role_removed', names.get(row.roleId))),
    ...(role !== member.role ? [{ kind: 'role_removed' as const, detail: member.role }] : []),
  ]);
  return true;
}
