import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { pseudoKey } from '../src/services/users/pseudo-key.js';

/**
 * Inserts `count` members in one statement (pseudos player1, player2...), with names, roles,
 * birthdays and join dates spread so that every sort and filter of the member list has work.
 */
export async function seedMembers(db: Db, count: number): Promise<void> {
  // The canonical forms are the server's to compute (pseudo-key.ts), not SQL's.
  const keys = Array.from({ length: count }, (_, index) => pseudoKey(`player${index + 1}`));
  await db.execute(sql`
    insert into users (id, pseudo, pseudo_key, name, surname, role, birthday, created_at)
    select substr(md5(i::text), 1, 24),
           'player' || i,
           key,
           'Name' || (i % 997),
           'Surname' || (i % 991),
           (array['user', 'user', 'user', 'guest', 'invited'])[1 + i % 5],
           date '1980-01-01' + (i % 9000),
           now() - (i || ' minutes')::interval
    from unnest(${keys}::text[]) with ordinality as keys(key, i)`);
  await db.execute(sql`analyze users`);
}
