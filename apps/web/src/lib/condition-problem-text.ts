import type { ConditionProblem, ConditionToken } from '@guildhall/contract';
import type { TFunction } from 'i18next';

const foundText = (t: TFunction, found: ConditionToken | undefined): string =>
  found === undefined || found.kind === 'end'
    ? t('alerts.condition_problems.found.end')
    : t(`alerts.condition_problems.found.${found.kind}`, { value: found.value });

/** Why the server refused a condition, in the reader's language (`une valeur est attendue...`). */
export function conditionProblemText(t: TFunction, problem: ConditionProblem): string {
  const typeText = (type: ConditionProblem['type']) =>
    type ? t(`alerts.condition_problems.types.${type}`) : '';
  return t(`alerts.condition_problems.${problem.reason}`, {
    found: foundText(t, problem.found),
    expected: problem.expected ?? '',
    character: problem.character ?? '',
    field: problem.field ?? '',
    operator: problem.operator ?? '',
    left: typeText(problem.left),
    right: typeText(problem.right),
    type: typeText(problem.type),
    max: problem.max ?? '',
  });
}
