import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordEntries, type PasswordEntryRow, type UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { can } from '../../policies/abilities.js';
import { NO_TEAM_FACTS, mayRevealPassword } from '../../policies/relationships.js';
import { readMemberTeamFacts } from '../teams/member-team-facts.js';
import { readAccessRules } from './access-rules.js';

/** Who acts on a password: its pseudo goes into the audit trail. */
export type PasswordActor = Pick<UserRow, 'id' | 'role' | 'pseudo'>;

export const passwordNotFound = () =>
  notFound('password_not_found', 'No password you may access has this id');

/**
 * The entries a member may access, `mayRevealPassword` (policies/relationships.ts) as a query for
 * the lists: a rule of the entry names a team of the member, and one of the rule's roles is among
 * the member's roles in that team. Part of the query itself: a row not found is a row not allowed.
 */
export const accessibleByMember = (memberId: string | Placeholder) => sql`exists (
    select 1 from password_access_rules r
    join team_roles tr on tr.team_id = r.team_id and tr.name = any(r.role_names)
    join team_role_members m on m.role_id = tr.id
    where r.entry_id = ${passwordEntries.id} and m.user_id = ${memberId})`;

/** The rule of `accessibleByMember`, or none with read:passwords:any: every entry. */
export function accessibleBy(actor: Pick<UserRow, 'id' | 'role'>): SQL | undefined {
  if (can(actor, 'read:passwords:any')) return undefined;
  return accessibleByMember(actor.id);
}

/**
 * The entry if `actor` may access it (`mayRevealPassword`, from the entry's rules and the actor's
 * team facts); 404 otherwise, as for an entry that does not exist.
 */
export async function findAccessiblePassword(
  db: Db,
  actor: Pick<UserRow, 'id' | 'role'>,
  id: string,
): Promise<PasswordEntryRow> {
  const [row] = await db.select().from(passwordEntries).where(eq(passwordEntries.id, id)).limit(1);
  if (!row) throw passwordNotFound();
  const facts = can(actor, 'read:passwords:any')
    ? NO_TEAM_FACTS
    : await readMemberTeamFacts(db, actor.id);
  const rules = (await readAccessRules(db, [id])).get(id) ?? [];
  if (!mayRevealPassword(actor, facts, rules)) throw passwordNotFound();
  return row;
}
