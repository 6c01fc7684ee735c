import type {
  AccessRule,
  PasswordAuditEvent,
  PasswordEntry,
  PasswordExposure,
  PasswordList,
  VaultEntry,
  passwordCreateSchema,
  passwordUpdateSchema,
} from '@guildhall/contract';
import { and, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  passwordAccessRules,
  passwordAuditEvents,
  passwordEntries,
  teamRoles,
  teams,
  users,
  vaultKeys,
  type PasswordEntryRow,
  type UserRow,
} from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import { open, seal } from './crypto.js';
import type { Vault } from './keyring.js';
import { can } from '../../policies/abilities.js';

type Actor = Pick<UserRow, 'id' | 'role' | 'pseudo'>;

/** Who the demo seed acts as in the audit trail. */
export const SEED_ACTOR: Actor = {
  id: '000000000000000000000000',
  role: 'admin',
  pseudo: 'Guildhall',
};
type EntryCreate = z.output<typeof passwordCreateSchema>;
type EntryUpdate = z.output<typeof passwordUpdateSchema>;

const entryNotFound = () =>
  notFound('password_not_found', 'No password you may access has this id');

/**
 * The entries a member may access: a rule of the entry names a team of the member, and one of
 * the rule's roles is among the member's roles in that team; with read:vault:any, every entry.
 * Part of the query itself: a row not found is a row not allowed.
 */
function accessibleBy(actor: Pick<UserRow, 'id' | 'role'>): SQL | undefined {
  if (can(actor, 'read:vault:any')) return undefined;
  return accessibleByMember(actor.id);
}

const accessibleByMember = (memberId: string | Placeholder) => sql`exists (
    select 1 from password_access_rules r
    join team_roles tr on tr.team_id = r.team_id and tr.name = any(r.role_names)
    join team_role_members m on m.role_id = tr.id
    where r.entry_id = ${passwordEntries.id} and m.user_id = ${memberId})`;

async function rulesOf(db: Db, entryIds: string[]): Promise<Map<string, AccessRule[]>> {
  const rules = new Map<string, AccessRule[]>();
  if (entryIds.length === 0) return rules;
  const rows = await db
    .select()
    .from(passwordAccessRules)
    .where(inArray(passwordAccessRules.entryId, entryIds))
    .orderBy(passwordAccessRules.teamId);
  for (const row of rows) {
    rules.set(row.entryId, [
      ...(rules.get(row.entryId) ?? []),
      { teamId: row.teamId, roles: row.roleNames },
    ]);
  }
  return rules;
}

type ListedEntry = Pick<
  PasswordEntryRow,
  'id' | 'network' | 'account' | 'updatedAt' | 'passwordChangedAt'
>;

/** What a member sees of an entry. */
function presentToMember(row: ListedEntry): VaultEntry {
  return {
    _id: row.id,
    network: row.network,
    account: row.account,
    updated_at: row.updatedAt.toISOString(),
    password_changed_at: row.passwordChangedAt.toISOString(),
  };
}

/** What an admin sees of an entry: its access rules too. */
function present(row: ListedEntry, rules: AccessRule[]): PasswordEntry {
  return { ...presentToMember(row), accessRules: rules };
}

const listedColumns = {
  id: passwordEntries.id,
  network: passwordEntries.network,
  account: passwordEntries.account,
  updatedAt: passwordEntries.updatedAt,
  passwordChangedAt: passwordEntries.passwordChangedAt,
};
const byNetworkThenAccount = [
  sql`lower(${passwordEntries.network})`,
  sql`lower(${passwordEntries.account})`,
];

/**
 * The lists without the sealed values, each one statement built once per database: every admin
 * page of the vault reads every entry with its rules, every member's "My passwords" the entries
 * it may access, without rules.
 */
const listEveryEntry = preparedPerDatabase((db) =>
  db
    .select({
      ...listedColumns,
      accessRules: sql<AccessRule[]>`coalesce((
          select json_agg(json_build_object('teamId', r.team_id, 'roles', r.role_names)
                          order by r.team_id)
          from password_access_rules r where r.entry_id = ${passwordEntries.id}), '[]')`,
    })
    .from(passwordEntries)
    .orderBy(...byNetworkThenAccount)
    .prepare('list_every_entry'),
);
const listMemberEntries = preparedPerDatabase((db) =>
  db
    .select(listedColumns)
    .from(passwordEntries)
    .where(accessibleByMember(sql.placeholder('memberId')))
    .orderBy(...byNetworkThenAccount)
    .prepare('list_member_entries'),
);

export async function listEntries(db: Db, actor: Actor): Promise<PasswordList> {
  // The access rules are for those who edit them; members get the entries alone.
  if (can(actor, 'manage:vault')) {
    return (await listEveryEntry(db).execute()).map((row) => present(row, row.accessRules));
  }
  return (await listMemberEntries(db).execute({ memberId: actor.id })).map(presentToMember);
}

const countEveryEntry = preparedPerDatabase((db) =>
  db.select({ total: count() }).from(passwordEntries).prepare('count_every_entry'),
);
const countMemberEntries = preparedPerDatabase((db) =>
  db
    .select({ total: count() })
    .from(passwordEntries)
    .where(accessibleByMember(sql.placeholder('memberId')))
    .prepare('count_member_entries'),
);

/** The session's password count: read at every page load (GET /api/user). */
export async function countAccessibleEntries(
  db: Db,
  actor: Pick<UserRow, 'id' | 'role'>,
): Promise<number> {
  const [row] = can(actor, 'read:vault:any')
    ? await countEveryEntry(db).execute()
    : await countMemberEntries(db).execute({ memberId: actor.id });
  return row?.total ?? 0;
}

async function findAccessible(db: Db, actor: Actor, id: string): Promise<PasswordEntryRow> {
  const [row] = await db
    .select()
    .from(passwordEntries)
    .where(and(eq(passwordEntries.id, id), accessibleBy(actor)))
    .limit(1);
  if (!row) throw entryNotFound();
  return row;
}

async function audit(db: Db, actor: Actor, entryId: string, action: PasswordAuditEvent['action']) {
  await db.insert(passwordAuditEvents).values({
    id: newId(),
    entryId,
    userId: actor.id,
    pseudo: actor.pseudo,
    action,
  });
}

/**
 * Refuses to seal with a key the vault has rotated away from (a server started before the
 * rotation): the value would not open with the new key. Shares the lock rotation takes.
 */
async function assertCurrentKey(tx: Db, vault: Vault): Promise<void> {
  const [row] = await tx
    .select({ version: vaultKeys.version })
    .from(vaultKeys)
    .orderBy(desc(vaultKeys.version))
    .limit(1)
    .for('share');
  if (row?.version !== vault.version) {
    throw new HttpError(
      503,
      'vault_key_rotated',
      'The vault key was rotated: restart this server with the new key',
    );
  }
}

/** The password, with an audit event in the same transaction: no event, no password. */
export async function revealEntry(db: Db, vault: Vault, actor: Actor, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await findAccessible(tx, actor, id);
    await audit(tx, actor, id, 'reveal');
    return open(vault.key, row.sealed, row.id);
  });
}

/** 400 naming a team or role that does not exist. */
async function assertRulesExist(db: Db, rules: AccessRule[]): Promise<void> {
  if (rules.length === 0) return;
  const teamIds = rules.map((rule) => rule.teamId);
  const known = await db
    .select({ teamId: teams.id, role: teamRoles.name })
    .from(teams)
    .leftJoin(teamRoles, eq(teamRoles.teamId, teams.id))
    .where(inArray(teams.id, teamIds));
  const rolesByTeam = new Map<string, Set<string>>();
  for (const { teamId, role } of known) {
    const roles = rolesByTeam.get(teamId) ?? new Set<string>();
    if (role) roles.add(role);
    rolesByTeam.set(teamId, roles);
  }
  rules.forEach((rule, ruleIndex) => {
    const roles = rolesByTeam.get(rule.teamId);
    if (!roles)
      throw invalid(`body.accessRules.${ruleIndex}.teamId`, `no team has the id ${rule.teamId}`);
    rule.roles.forEach((role, roleIndex) => {
      if (!roles.has(role)) {
        throw invalid(
          `body.accessRules.${ruleIndex}.roles.${roleIndex}`,
          `the team has no role named "${role}"`,
        );
      }
    });
  });
}

function invalid(path: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', `Invalid request: ${path} ${message}`, [
    { path, message },
  ]);
}

async function writeRules(db: Db, entryId: string, rules: AccessRule[]): Promise<void> {
  await db.delete(passwordAccessRules).where(eq(passwordAccessRules.entryId, entryId));
  if (rules.length > 0) {
    await db.insert(passwordAccessRules).values(
      rules.map((rule) => ({
        entryId,
        teamId: rule.teamId,
        roleNames: [...new Set(rule.roles)],
      })),
    );
  }
}

export async function createEntry(
  db: Db,
  vault: Vault,
  actor: Actor,
  fields: EntryCreate,
): Promise<PasswordEntry> {
  return db.transaction(async (tx) => {
    await assertCurrentKey(tx, vault);
    await assertRulesExist(tx, fields.accessRules);
    const id = newId();
    const row = theRow(
      await tx
        .insert(passwordEntries)
        .values({
          id,
          network: fields.network,
          account: fields.account,
          sealed: seal(vault.key, fields.password, id),
          keyVersion: vault.version,
        })
        .returning(),
    );
    await writeRules(tx, id, fields.accessRules);
    await audit(tx, actor, id, 'create');
    return present(row, (await rulesOf(tx, [id])).get(id) ?? []);
  });
}

const sameRules = (a: AccessRule[], b: AccessRule[]) => {
  const key = (rules: AccessRule[]) =>
    JSON.stringify(rules.map((rule) => [rule.teamId, [...new Set(rule.roles)].sort()]).sort());
  return key(a) === key(b);
};

export async function updateEntry(
  db: Db,
  vault: Vault,
  actor: Actor,
  id: string,
  fields: EntryUpdate,
): Promise<PasswordEntry> {
  return db.transaction(async (tx) => {
    const existing = await findAccessible(tx, actor, id);
    if (fields.password !== undefined) await assertCurrentKey(tx, vault);
    await assertRulesExist(tx, fields.accessRules);
    const previousRules = (await rulesOf(tx, [id])).get(id) ?? [];
    const now = new Date();
    const row = theRow(
      await tx
        .update(passwordEntries)
        .set({
          network: fields.network,
          account: fields.account,
          updatedAt: now,
          ...(fields.password !== undefined && {
            sealed: seal(vault.key, fields.password, id),
            keyVersion: vault.version,
            passwordChangedAt: now,
          }),
        })
        .where(eq(passwordEntries.id, id))
        .returning(),
    );
    await writeRules(tx, id, fields.accessRules);
    const detailsChanged =
      fields.password !== undefined ||
      existing.network !== fields.network ||
      existing.account !== fields.account;
    if (detailsChanged) await audit(tx, actor, id, 'update');
    if (!sameRules(previousRules, fields.accessRules)) await audit(tx, actor, id, 'rules_changed');
    return present(row, (await rulesOf(tx, [id])).get(id) ?? []);
  });
}

export async function deleteEntry(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findAccessible(tx, actor, id);
    await tx.delete(passwordEntries).where(eq(passwordEntries.id, id));
    await audit(tx, actor, id, 'delete');
  });
}

/** The entry's events, newest first. */
export async function entryAudit(db: Db, id: string): Promise<PasswordAuditEvent[]> {
  const rows = await db
    .select({ event: passwordAuditEvents, memberId: users.id })
    .from(passwordAuditEvents)
    .leftJoin(users, eq(users.id, passwordAuditEvents.userId))
    .where(eq(passwordAuditEvents.entryId, id))
    .orderBy(desc(passwordAuditEvents.createdAt), desc(passwordAuditEvents.sequence));
  if (rows.length === 0) {
    const [entry] = await db
      .select({ id: passwordEntries.id })
      .from(passwordEntries)
      .where(eq(passwordEntries.id, id));
    if (!entry) throw entryNotFound();
  }
  return rows.map(({ event, memberId }) => ({
    _id: event.id,
    action: event.action,
    at: event.createdAt.toISOString(),
    member: { _id: memberId, pseudo: event.pseudo },
  }));
}

/**
 * Entries revealed by members who have since lost access to them (left the role or the team,
 * demoted, deleted) and whose password has not changed since: the passwords to rotate.
 */
export async function passwordExposures(db: Db): Promise<PasswordExposure[]> {
  const reveals = await db
    .select({
      entryId: passwordAuditEvents.entryId,
      userId: passwordAuditEvents.userId,
      pseudo: sql<string>`max(${passwordAuditEvents.pseudo})`,
      lastRevealedAt: sql<string>`max(${passwordAuditEvents.createdAt})`,
    })
    .from(passwordAuditEvents)
    .innerJoin(passwordEntries, eq(passwordEntries.id, passwordAuditEvents.entryId))
    .where(
      and(
        eq(passwordAuditEvents.action, 'reveal'),
        sql`${passwordAuditEvents.createdAt} >= ${passwordEntries.passwordChangedAt}`,
      ),
    )
    .groupBy(passwordAuditEvents.entryId, passwordAuditEvents.userId);

  const exposed = new Map<string, PasswordExposure['members']>();
  for (const reveal of reveals) {
    const [member] = reveal.userId
      ? await db.select().from(users).where(eq(users.id, reveal.userId)).limit(1)
      : [];
    const stillAllowed =
      member !== undefined &&
      (
        await db
          .select({ id: passwordEntries.id })
          .from(passwordEntries)
          .where(and(eq(passwordEntries.id, reveal.entryId), accessibleBy(member)))
          .limit(1)
      ).length > 0;
    if (stillAllowed) continue;
    exposed.set(reveal.entryId, [
      ...(exposed.get(reveal.entryId) ?? []),
      {
        _id: member?.id ?? null,
        pseudo: reveal.pseudo,
        last_revealed_at: new Date(reveal.lastRevealedAt).toISOString(),
      },
    ]);
  }
  if (exposed.size === 0) return [];
  const entryIds = [...exposed.keys()];
  const rows = await db.select().from(passwordEntries).where(inArray(passwordEntries.id, entryIds));
  const rules = await rulesOf(db, entryIds);
  return rows.map((row) => ({
    entry: present(row, rules.get(row.id) ?? []),
    members: exposed.get(row.id) ?? [],
  }));
}
