import type { Role } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { LOCKS, lockForTransaction } from '../db/locks.js';
import { users, type UserRow } from '../db/schema.js';
import { theRow } from '../lib/rows.js';
import {
  discordPseudo,
  findPseudoHolder,
  pseudoConflict,
  pseudoKey,
} from '../services/users/pseudo-key.js';
import { unclaimedByDiscordName } from '../services/users/find-user.js';

/** Who is signing in, as a provider (or local mode) vouches for it. */
export type SignInIdentity =
  | {
      kind: 'discord';
      discordId: string;
      discordTag: string;
      avatarUrl: string | null;
      email: string | null;
      /** The name to start from when the member is new. */
      preferredPseudo: string;
      /** Listed in ADMIN_DISCORD_IDS. */
      designatedAdmin: boolean;
      /** ADMIN_DISCORD_IDS is not empty. */
      adminsAreDesignated: boolean;
    }
  | {
      kind: 'local';
      pseudo: string;
      /** Listed in LOCAL_ADMIN_PSEUDOS. */
      designatedAdmin: boolean;
      adminsAreDesignated?: undefined;
    };

/**
 * Turns a sign-in identity into a member: finds it, or creates it with role `invited`.
 * The first member of an organisation (no admin yet) and designated admins become `admin`.
 */
export async function provisionMember(db: Db, identity: SignInIdentity): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // Two simultaneous first sign-ins must not both become admin.
    await lockForTransaction(tx, LOCKS.adminRoles);
    const existing = await findExisting(tx, identity);
    if (existing) return updateExisting(tx, existing, identity);

    const [anyAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .limit(1);
    // When admins are designated, only they become admin: not whoever signs in first.
    const firstMemberMayLead = !anyAdmin && !identity.adminsAreDesignated;
    const role: Role = identity.designatedAdmin || firstMemberMayLead ? 'admin' : 'invited';
    const pseudo =
      identity.kind === 'local'
        ? identity.pseudo
        : await discordPseudo(tx, identity.preferredPseudo);
    const created = await tx
      .insert(users)
      .values({
        id: newId(),
        pseudo,
        pseudoKey: pseudoKey(pseudo),
        role,
        ...(identity.kind === 'discord' && {
          discordId: identity.discordId,
          discordTag: identity.discordTag,
          discordAvatarUrl: identity.avatarUrl,
          email: identity.email,
        }),
      })
      .returning();
    return theRow(created);
  });
}

async function findExisting(db: Db, identity: SignInIdentity): Promise<UserRow | undefined> {
  if (identity.kind === 'local') {
    // The pseudo names the member, case and compatibility forms aside; one that only looks like
    // a member's names nobody and may not be taken either.
    const holder = await findPseudoHolder(db, identity.pseudo);
    if (!holder) return undefined;
    const conflict = pseudoConflict(identity.pseudo, holder);
    if (conflict.code === 'pseudo_look_alike') throw conflict;
    return theRow(await db.select().from(users).where(eq(users.id, holder.id)));
  }
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.discordId, identity.discordId))
    .limit(1);
  return row ?? (await unclaimedByDiscordName(db, identity.discordTag));
}

async function updateExisting(db: Db, member: UserRow, identity: SignInIdentity): Promise<UserRow> {
  if (identity.kind === 'local') {
    if (!identity.designatedAdmin || member.role === 'admin') return member;
    return theRow(
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, member.id)).returning(),
    );
  }
  const updated = await db
    .update(users)
    .set({
      discordId: identity.discordId,
      discordTag: identity.discordTag,
      discordAvatarUrl: identity.avatarUrl,
      // The member may have chosen another address in its profile: Discord's only fills a gap.
      email: member.email ?? identity.email,
      role: identity.designatedAdmin ? 'admin' : member.role,
      updatedAt: new Date(),
    })
    .where(eq(users.id, member.id))
    .returning();
  return theRow(updated);
}
