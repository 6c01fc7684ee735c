import type { AlertPreview } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import {
  ConditionError,
  evaluateCondition,
  parseCondition,
  type Condition,
} from './condition-language.js';
import { everyMemberFacts } from './member-facts.js';

/** Whether a condition is valid and, if so, how many members it matches right now. */
export async function previewCondition({
  db,
  condition: source,
}: {
  db: Db;
  condition: string;
}): Promise<AlertPreview> {
  let condition: Condition;
  try {
    condition = parseCondition(source);
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error;
    return { valid: false, position: error.position, reason: error.reason, problem: error.problem };
  }
  const everyone = await everyMemberFacts(db);
  const matches = everyone.filter((facts) => evaluateCondition(condition, facts)).length;
  return { valid: true, matches, total: everyone.length };
}
