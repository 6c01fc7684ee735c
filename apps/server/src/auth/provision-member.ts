import { PSEUDO_MAX_LENGTH, PSEUDO_MIN_LENGTH, type Role } from '@guildhall/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { LOCKS, lockForTransaction } from '../db/locks.js';
import { users, type UserRow } from '../db/schema.js';
import { theRow } from '../lib/rows.js';

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
      identity.kind === 'local' ? identity.pseudo : await freePseudo(tx, identity.preferredPseudo);
    const created = await tx
      .insert(users)
      .values({
        id: newId(),
        pseudo,
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
  const condition =
    identity.kind === 'discord'
      ? eq(users.discordId, identity.discordId)
      : eq(sql`lower(${users.pseudo})`, identity.pseudo.toLowerCase());
  const [row] = await db.select().from(users).where(condition).limit(1);
  return row;
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

/** The preferred pseudo, made valid and unique by a numeric suffix when it is taken. */
async function freePseudo(db: Db, preferred: string): Promise<string> {
  let base = preferred
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, PSEUDO_MAX_LENGTH - 5);
  if (base.length < PSEUDO_MIN_LENGTH) base = 'member';
  for (let attempt = 0; ; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${attempt + 1}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.pseudo})`, candidate.toLowerCase()))
      .limit(1);
    if (!taken) return candidate;
  }
}
