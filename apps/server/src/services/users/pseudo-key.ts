import { PSEUDO_MAX_LENGTH, PSEUDO_MIN_LENGTH } from '@guildhall/contract';
import { and, asc, eq, like, ne } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { users } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';

/**
 * A pseudo as it is compared, case and compatibility forms aside: NFKC (full-width letters,
 * ligatures, the Kelvin sign), then full case folding (`ß` and `SS` alike), runs of spaces as one.
 */
export function foldPseudo(pseudo: string): string {
  return pseudo
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Unicode's confusable skeleton of `text` (UTS #39: decompose, map each confusable, decompose). */
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * The one canonical form that decides whether two pseudos are the same member's, stored in
 * `users.pseudo_key` under a unique index: the confusable skeleton (Unicode UTS #39, from the
 * Unicode confusables table) of the pseudo in capitals, then of that in small letters, so that
 * neither a Greek `Ν` nor a Cyrillic `о`, a digit `0` or `rn` can imitate `N`, `o` or `m`. It
 * depends only on the capitals, so two pseudos that differ by case alone share it. docs/security.md,
 * "Pseudos", and decision 020.
 */
export function pseudoKey(pseudo: string): string {
  const capitals = foldPseudo(pseudo).toUpperCase();
  return skeleton(skeleton(capitals).toLowerCase()).toLowerCase();
}

export interface PseudoHolder {
  id: string;
  pseudo: string;
}

/** The member whose pseudo has the same key, other than `exceptId`. */
export async function findPseudoHolder(
  db: Db,
  pseudo: string,
  exceptId?: string,
): Promise<PseudoHolder | undefined> {
  const key = eq(users.pseudoKey, pseudoKey(pseudo));
  const [holder] = await db
    .select({ id: users.id, pseudo: users.pseudo })
    .from(users)
    .where(exceptId ? and(key, ne(users.id, exceptId)) : key)
    .limit(1);
  return holder;
}

/** The 409 for a pseudo another member holds: the same pseudo, or one that looks like it. */
export function pseudoConflict(wanted: string, holder: PseudoHolder) {
  return foldPseudo(wanted) === foldPseudo(holder.pseudo)
    ? conflict('pseudo_taken', 'This pseudo is already taken')
    : conflict('pseudo_look_alike', 'This pseudo looks like the pseudo of another member');
}

/** Refuses a pseudo that another member holds, or that looks like another member's. */
export async function assertPseudoFree(db: Db, pseudo: string, memberId: string): Promise<void> {
  const holder = await findPseudoHolder(db, pseudo, memberId);
  if (holder) throw pseudoConflict(pseudo, holder);
}

/** The key the migration 0009 gave existing members until their real one is computed. */
export const PENDING_KEY_PREFIX = 'pending:';

/**
 * Computes the key of members created before pseudo keys existed (migration 0009 gives them a
 * placeholder), oldest first. Two members whose pseudos looked alike could exist then: the newer
 * one's pseudo gets a numeric suffix, and the change is returned so that it can be logged.
 */
export async function completePseudoKeys(
  db: Db,
): Promise<{ id: string; from: string; to: string }[]> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.pseudoKeys);
    const pending = await tx
      .select({ id: users.id, pseudo: users.pseudo })
      .from(users)
      .where(like(users.pseudoKey, `${PENDING_KEY_PREFIX}%`))
      .orderBy(asc(users.createdAt), asc(users.id));
    const renamed: { id: string; from: string; to: string }[] = [];
    for (const member of pending) {
      const pseudo = member.pseudo.normalize('NFC');
      const free = await freePseudo(tx, pseudo, member.id);
      if (free !== member.pseudo && free !== pseudo) {
        renamed.push({ id: member.id, from: member.pseudo, to: free });
      }
      await tx
        .update(users)
        .set({ pseudo: free, pseudoKey: pseudoKey(free) })
        .where(eq(users.id, member.id));
    }
    return renamed;
  });
}

/**
 * `wanted`, or `wanted-2`, `wanted-3`... (shortened to fit `maxLength`): the first that no other
 * member holds or imitates.
 */
export async function freePseudo(
  db: Db,
  wanted: string,
  memberId?: string,
  maxLength = Infinity,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const suffix = attempt === 1 ? '' : `-${attempt}`;
    const candidate = `${wanted.slice(0, maxLength - suffix.length)}${suffix}`;
    if (!(await findPseudoHolder(db, candidate, memberId))) return candidate;
  }
}

/** The Discord name, made a valid pseudo, and unique by a numeric suffix when it is taken. */
export async function discordPseudo(db: Db, preferred: string): Promise<string> {
  let base = preferred
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, PSEUDO_MAX_LENGTH);
  if (base.length < PSEUDO_MIN_LENGTH) base = 'member';
  return freePseudo(db, base, undefined, PSEUDO_MAX_LENGTH);
}
