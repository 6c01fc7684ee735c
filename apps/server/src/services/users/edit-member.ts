import type { MemberEdit } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { newId } from '../../db/ids.js';
import { membershipEvents, users, type UserRow } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { theRow } from '../../lib/rows.js';
import { announce } from '../happenings.js';
import { storeRiotAccounts, type RiotAccountRow } from '../../integrations/riot/riot-accounts.js';
import { findUser } from './find-user.js';
import { gameLoginColumns } from './game-login-columns.js';
import { assertAnotherAdmin } from './last-admin.js';
import { profileColumns } from './profile-columns.js';
import { assertPseudoFree } from './pseudo-key.js';
import { assertRiotIdsFree } from './riot-id-holders.js';

/**
 * The admin's edit form. An invited member who is saved has joined: it becomes `user` (unless
 * the admin chose another role) and its adhesion becomes true.
 */
export async function editMember(options: {
  db: Db;
  id: string;
  fields: MemberEdit;
  riotAccounts?: RiotAccountRow[];
}): Promise<UserRow> {
  const { db, id, fields } = options;
  try {
    return await db.transaction(async (tx) => {
      await lockForTransaction(tx, LOCKS.adminRoles);
      const member = await findUser(tx, id);
      await assertPseudoFree(tx, fields.pseudo, member.id);
      if (fields.role !== 'admin') await assertAnotherAdmin(tx, member);
      const joining = member.role === 'invited';
      const role = joining && fields.role === 'invited' ? 'user' : fields.role;
      await assertRiotIdsFree(tx, member, fields.leagueoflegends_login);
      await storeRiotAccounts(tx, options.riotAccounts ?? []);
      const updated = await tx
        .update(users)
        .set({
          ...profileColumns(fields),
          team: fields.team,
          role,
          // A role an admin sets is the admin's: no Discord mapping lowers it (decision 034).
          ...(role !== member.role && { roleSource: 'manual' as const, roleByHand: null }),
          adhesion: joining ? true : (fields.adhesion ?? member.adhesion),
          ...gameLoginColumns(fields),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      const saved = theRow(updated);
      // Ticked: the adhesion points of the season under way; unticked: taken back (decision 040).
      if (saved.adhesion !== member.adhesion) {
        await announce(tx, 'adhesionChanged', { members: [saved], at: saved.updatedAt });
      }
      if (role !== member.role) {
        await tx.insert(membershipEvents).values({
          id: newId(),
          userId: member.id,
          pseudo: member.pseudo,
          kind: 'role_granted',
          detail: role,
          source: 'admin',
        });
      }
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('pseudo_taken', 'This pseudo is already taken');
    throw error;
  }
}
