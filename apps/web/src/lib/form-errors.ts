import { ApiError } from './api-client';

/** An error message per form field, keyed by the field's name in the request body. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * What the server found wrong with a body, by field: `body.email` becomes `email`, and
 * `body.valorant_login.2` becomes `valorant_login`. The first complaint about a field wins.
 */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [where, field] = issue.path.split('.');
    if (where !== 'body' || !field) continue;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Moves the focus to the form's first control, in page order, that has an error. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  const controls = Array.from(form.elements);
  const first = controls.find(
    (control): control is HTMLElement =>
      control instanceof HTMLElement &&
      'name' in control &&
      typeof control.name === 'string' &&
      errors[control.name] !== undefined,
  );
  first?.focus();
}
