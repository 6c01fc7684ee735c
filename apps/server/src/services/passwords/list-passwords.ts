import type { AccessRule, PasswordList } from '@guildhall/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { passwordEntries, type UserRow } from '../../db/schema.js';
import { can } from '../../policies/abilities.js';
import { accessibleByMember } from './access.js';
import { presentPassword, presentPasswordToMember } from './present-password.js';

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
 * page of the passwords reads every entry with its rules, every member's "My passwords" the entries
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

/** GET /api/password: the entries `actor` may access, without their values. */
export async function listPasswords({
  db,
  actor,
}: {
  db: Db;
  actor: Pick<UserRow, 'id' | 'role'>;
}): Promise<PasswordList> {
  // The access rules are for those who edit them; members get the entries alone.
  if (can(actor, 'manage:passwords')) {
    return (await listEveryEntry(db).execute()).map((row) => presentPassword(row, row.accessRules));
  }
  return (await listMemberEntries(db).execute({ memberId: actor.id })).map(presentPasswordToMember);
}
