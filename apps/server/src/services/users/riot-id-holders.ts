import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

/** Riot IDs are case-insensitive (riot-accounts.ts keys them the same way). */
const riotIdKey = (riotId: string) => riotId.trim().toLowerCase();

/**
 * Refuses, with 409 `riot_id_taken`, a Riot ID the member adds while another member lists it: one
 * player's ranks and games would show on two profiles. Riot IDs the member already listed are
 * left alone, so that two members who shared one before the rule can still save (decision 031).
 * Call it in the transaction that writes the logins: it holds the lock until the write commits.
 */
export async function assertRiotIdsFree(
  tx: Db,
  member: Pick<UserRow, 'id' | 'leagueoflegendsLogin'>,
  logins: readonly string[] | undefined,
): Promise<void> {
  if (!logins) return;
  const held = new Set(member.leagueoflegendsLogin.map(riotIdKey));
  const added = logins
    .map((login, index) => ({ key: riotIdKey(login), index }))
    .filter(({ key }) => !held.has(key));
  if (added.length === 0) return;
  await lockForTransaction(tx, LOCKS.riotIds);
  const keys = sql.join(
    added.map(({ key }) => sql`${key}`),
    sql`, `,
  );
  const holders = await tx
    .select({ logins: users.leagueoflegendsLogin })
    .from(users)
    .where(
      and(
        ne(users.id, member.id),
        sql`exists (select 1 from unnest(${users.leagueoflegendsLogin}) as login where lower(login) in (${keys}))`,
      ),
    );
  const taken = new Set(holders.flatMap((holder) => holder.logins.map(riotIdKey)));
  const first = added.find(({ key }) => taken.has(key));
  if (first) {
    const path = `body.leagueoflegends_login.${first.index}`;
    throw new HttpError(409, 'riot_id_taken', 'Another member already lists this Riot ID', [
      { path, code: 'riot_id_taken', message: 'is already listed by another member' },
    ]);
  }
}
