import type { Db } from '../../db/client.js';
import type { AlertRow, UserRow } from '../../db/schema.js';
import { evaluateCondition, parseCondition, type Condition } from './condition-language.js';
import { listAlerts } from './list-alerts.js';
import { memberFacts } from './member-facts.js';

/** Parsed conditions by source: the same few conditions are evaluated at every page load. */
const parsed = new Map<string, Condition>();
function compiled(source: string): Condition {
  let condition = parsed.get(source);
  if (!condition) {
    condition = parseCondition(source);
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(source, condition);
  }
  return condition;
}

/** The active alerts whose condition holds for the member, decided here and nowhere else. */
export async function listMemberAlerts({
  db,
  member,
}: {
  db: Db;
  member: UserRow;
}): Promise<AlertRow[]> {
  const active = (await listAlerts({ db })).filter((alert) => alert.statut === 'active');
  if (active.length === 0) return [];
  const facts = await memberFacts(db, member);
  return active.filter((alert) => {
    try {
      return evaluateCondition(compiled(alert.condition), facts);
    } catch {
      // Saved conditions were valid when saved; one that no longer parses shows to nobody.
      return false;
    }
  });
}
