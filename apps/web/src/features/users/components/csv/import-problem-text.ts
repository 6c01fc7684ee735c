import { type MemberImportProblem, ZOD_ISSUE_CODES } from '@guildhall/contract';
import type { TFunction } from 'i18next';
import { issueText } from '@/lib/api-error-text';

type ZodCode = (typeof ZOD_ISSUE_CODES)[number];
const isZodCode = (code: string): code is ZodCode =>
  (ZOD_ISSUE_CODES as readonly string[]).includes(code);

/**
 * Why the import refuses a row or the file, in the reader's language: a cell the field's schema
 * refuses says it as the forms do (too long, not an e-mail...), the import's own codes have
 * their texts (decision 025).
 */
export function importProblemText(
  t: TFunction,
  csv: TFunction<'translation', 'members_csv'>,
  problem: MemberImportProblem,
): string {
  const { code, params = {} } = problem;
  if (code === 'required' || isZodCode(code)) {
    const issue = { path: problem.column ?? '', message: '', code, params };
    return issueText(t, issue) ?? csv('problems.invalid');
  }
  return csv(`problems.${code}`, { line: params.line, max: params.maximum });
}
