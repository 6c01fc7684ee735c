import { TEAM_NAME_MAX_LENGTH } from '@guildhall/contract';
import { and, asc, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { teams } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';

/**
 * A team name's canonical form: compatibility forms folded, accents removed, case folded, spaces
 * collapsed. "Guildhall Fortnite" and "guildhall  FORTNITÉ" are one name (decision 027).
 */
export function teamNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Refuses a name another team (other than `exceptId`) holds, in any case or accents. */
export async function assertTeamNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const key = eq(teams.nameKey, teamNameKey(name));
  const [holder] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(exceptId ? and(key, ne(teams.id, exceptId)) : key)
    .limit(1);
  if (holder) throw teamNameTaken();
}

export const teamNameTaken = () => conflict('team_name_taken', 'Another team has this name');

/** The key the migration 0010 gave existing teams until their real one is computed. */
export const PENDING_TEAM_KEY_PREFIX = 'pending:';

/**
 * Computes the key of teams created before team name keys existed, oldest first. Two teams could
 * share a name then: the newer one gets " (2)", " (3)"... and the change is returned to be logged.
 */
export async function completeTeamNameKeys(
  db: Db,
): Promise<{ id: string; from: string; to: string }[]> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCKS.teamNameKeys);
    const pending = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(like(teams.nameKey, `${PENDING_TEAM_KEY_PREFIX}%`))
      .orderBy(asc(teams.createdAt), asc(teams.id));
    const renamed: { id: string; from: string; to: string }[] = [];
    for (const team of pending) {
      let name = team.name;
      for (let attempt = 2; await isTaken(tx, name, team.id); attempt++) {
        const suffix = ` (${attempt})`;
        name = `${team.name.slice(0, TEAM_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
      }
      if (name !== team.name) renamed.push({ id: team.id, from: team.name, to: name });
      await tx
        .update(teams)
        .set({ name, nameKey: teamNameKey(name) })
        .where(eq(teams.id, team.id));
    }
    return renamed;
  });
}

async function isTaken(db: Db, name: string, exceptId: string): Promise<boolean> {
  const [holder] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.nameKey, teamNameKey(name)), ne(teams.id, exceptId)))
    .limit(1);
  return holder !== undefined;
}
