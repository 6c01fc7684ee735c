import { ApiError, type ApiErrorIssue } from './api-client';

/** Which of a form's fields shows a complaint about `path`, a path in the request body. */
export type FieldOf = (path: readonly string[]) => string;

/**
 * Most forms show a complaint on the body's top-level field: `valorant_login.2` on the
 * `valorant_login` list, `accessRules.0.roles` on the rules.
 */
export const topLevelField: FieldOf = (path) => path[0] ?? '';

/**
 * What the server found wrong with a body, by the form field that shows each complaint (`fieldOf`
 * names it from the path after `body.`): each issue with its code and values, for the form to
 * say in the reader's language. The first complaint about a field wins; complaints about the
 * query or the path are no field's.
 */
export function serverIssuesOf(
  error: unknown,
  fieldOf: FieldOf = topLevelField,
): Record<string, ApiErrorIssue> {
  if (!(error instanceof ApiError)) return {};
  const found: Record<string, ApiErrorIssue> = {};
  for (const issue of error.issues) {
    const [where, ...path] = issue.path.split('.');
    if (where !== 'body' || path.length === 0) continue;
    found[fieldOf(path)] ??= issue;
  }
  return found;
}

/** Moves the focus to the form's first control, in page order, whose name `isInvalid` says so. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  isInvalid: (name: string) => boolean,
): void {
  if (!form) return;
  const first = Array.from(form.elements).find(
    (control): control is HTMLElement =>
      control instanceof HTMLElement &&
      'name' in control &&
      typeof control.name === 'string' &&
      control.name !== '' &&
      isInvalid(control.name),
  );
  first?.focus();
}
