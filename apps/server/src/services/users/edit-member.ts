import type { MemberEdit, OwnConnectionsUpdate } from '@guildhall/contract';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { users, type UserRow } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { theRow } from '../../lib/rows.js';
import { storeRiotAccounts, type RiotAccountRow } from '../league/riot-accounts.js';
import { findUser } from './find-user.js';
import { profileColumns } from './profile-columns.js';
import { assertPseudoFree } from './pseudo-key.js';

/** Refuses to leave the organisation without an admin; call inside a transaction holding the lock. */
export async function assertAnotherAdmin(tx: Db, member: UserRow): Promise<void> {
  if (member.role !== 'admin') return;
  const [others] = await tx
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, member.id)));
  if ((others?.admins ?? 0) === 0) {
    throw conflict('last_admin', 'The organisation needs at least one admin: name another first');
  }
}

/**
 * The admin's edit form. An invited member who is saved has joined: it becomes `user` (unless
 * the admin chose another role) and its adhesion becomes true.
 */
export async function editMember(
  db: Db,
  options: { id: string; fields: MemberEdit; riotAccounts?: RiotAccountRow[] },
): Promise<UserRow> {
  const { id, fields } = options;
  try {
    return await db.transaction(async (tx) => {
      await lockForTransaction(tx, LOCKS.adminRoles);
      const member = await findUser(tx, id);
      await assertPseudoFree(tx, fields.pseudo, member.id);
      if (fields.role !== 'admin') await assertAnotherAdmin(tx, member);
      const joining = member.role === 'invited';
      const role = joining && fields.role === 'invited' ? 'user' : fields.role;
      await storeRiotAccounts(tx, options.riotAccounts ?? []);
      const updated = await tx
        .update(users)
        .set({
          ...profileColumns(fields),
          team: fields.team,
          role,
          adhesion: joining ? true : (fields.adhesion ?? member.adhesion),
          ...gameLoginColumns(fields),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      return theRow(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('pseudo_taken', 'This pseudo is already taken');
    throw error;
  }
}

/** A member's own game logins, and disconnecting its social accounts. */
export async function updateConnections(
  db: Db,
  options: { id: string; changes: OwnConnectionsUpdate; riotAccounts?: RiotAccountRow[] },
): Promise<UserRow> {
  const { id, changes } = options;
  await findUser(db, id);
  // The Riot IDs' PUUIDs (resolved by the caller); a row without its member is harmless.
  await storeRiotAccounts(db, options.riotAccounts ?? []);
  const updated = await db
    .update(users)
    .set({
      ...gameLoginColumns(changes),
      ...(changes.twitter_login === null && { twitterLogin: null }),
      ...(changes.twitch_login === null && { twitchLogin: null }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return theRow(updated);
}

function gameLoginColumns(
  fields: Partial<Pick<MemberEdit, 'leagueoflegends_login' | 'valorant_login' | 'fortnite_login'>>,
) {
  return {
    ...(fields.leagueoflegends_login && { leagueoflegendsLogin: fields.leagueoflegends_login }),
    ...(fields.valorant_login && { valorantLogin: fields.valorant_login }),
    ...(fields.fortnite_login && { fortniteLogin: fields.fortnite_login }),
  };
}

/** Deletes a member; its sessions and memberships go with it (foreign keys cascade). */
export async function deleteMember(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.adminRoles);
    const member = await findUser(tx, id);
    await assertAnotherAdmin(tx, member);
    await tx.delete(users).where(eq(users.id, id));
  });
}
