import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { passwordEntries, type UserRow } from '../../db/schema.js';
import { can } from '../../policies/abilities.js';
import { accessibleByMember } from './access.js';

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
export async function countAccessiblePasswords({
  db,
  actor,
}: {
  db: Db;
  actor: Pick<UserRow, 'id' | 'role'>;
}): Promise<number> {
  const [row] = can(actor, 'read:passwords:any')
    ? await countEveryEntry(db).execute()
    : await countMemberEntries(db).execute({ memberId: actor.id });
  return row?.total ?? 0;
}
