import type { ParseKeys } from 'i18next';
import { type FormEvent, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type Resolver,
  set,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiErrorIssue } from './api-client';
import { issueText } from './api-error-text';
import { type FieldOf, focusFirstInvalid, serverIssuesOf, topLevelField } from './form-errors';

/*
 * Every form of the app is built one way (docs/decisions/021-forms.md): react-hook-form holds the
 * values and the errors, the contract's schema of the request body decides what may be sent, and
 * the server's complaints come back to the same fields.
 */

export type ProblemKey = ParseKeys;

/**
 * What a form says, in the reader's language, about a field the contract refuses: `empty` when it
 * was left empty (`forms.problems.required` unless said otherwise), `invalid` when it was filled
 * in wrong (`forms.problems.invalid` unless said otherwise). The contract's own messages are
 * English, for API clients: they are never shown for a check made here.
 */
export interface ProblemKeys {
  /** A field by its name, `*` standing for a list index: `roles.*.role`. */
  [field: string]:
    | {
        empty?: ProblemKey;
        invalid?: ProblemKey;
        /** Values this field's texts refer to, over the form's `problemParams`. */
        params?: Record<string, string | number>;
      }
    | undefined;
}

export interface FieldRules {
  /** Which field shows a problem at a path of the body; the top-level key by default. */
  fieldOf?: FieldOf | undefined;
  problems?: ProblemKeys | undefined;
}

/** Issues whose code and values say more than any form's own "invalid" text. */
const PRECISE_ISSUES = new Set<ApiErrorIssue['code']>([
  'required',
  'too_big',
  'too_small',
  'unknown_reference',
  'riot_id_not_found',
  'riot_id_taken',
  'empty_markup',
  'capacity_below_going',
  'invalid_condition',
  'invalid_recurrence',
]);

/** The form's table entry for a field, a list index standing as `*`. */
const problemKeysOf = (problems: ProblemKeys, field: string) =>
  problems[field.replace(/\.\d+(?=\.|$)/g, '.*')];

/** The value at `path` of a body, lists included (react-hook-form's `get` reads objects only). */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * What keeps `body` from passing the contract's `schema`, as the translation key of the first
 * problem of each field. The server checks the same body with the same schema.
 */
export function contractProblems(
  schema: z.ZodType,
  body: unknown,
  { fieldOf = topLevelField, problems = {} }: FieldRules = {},
): Record<string, ProblemKey> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const found: Record<string, ProblemKey> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path.map(String)) || 'root';
    if (found[field] !== undefined) continue;
    const keys = problemKeysOf(problems, field);
    found[field] = isEmpty(valueAt(body, issue.path))
      ? (keys?.empty ?? 'forms.problems.required')
      : (keys?.invalid ?? 'forms.problems.invalid');
  }
  return found;
}

export interface ContractFormOptions<Values extends FieldValues> extends FieldRules {
  /** The contract's schema of the request body. */
  schema: z.ZodType;
  defaultValues: DefaultValues<Values>;
  /** The body the form's values make, as it will be sent (trimmed and so on). */
  toBody: (values: Values) => unknown;
  /** Values the problem texts refer to, such as `{{min}}` and `{{max}}`. */
  problemParams?: Record<string, string | number> | undefined;
}

/**
 * A form checked against the contract before anything is sent. `field(name)` wires a TextField or
 * SelectField (its error, and clearing it once the value changes), `bind(name)` a control that
 * takes a value and gives back the new one; `submit(send)` checks the values, moves the focus to
 * the first wrong field in page order, or hands `send` the body;
 * `showServerIssues(error)` puts the server's complaints on their fields the same way; `failure`
 * is what the form says above its buttons after a failed save.
 */
export function useContractForm<Values extends FieldValues, Body>({
  schema,
  defaultValues,
  toBody,
  fieldOf = topLevelField,
  problems,
  problemParams,
}: ContractFormOptions<Values>) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const paramsOf = (name: string) => ({
    ...problemParams,
    ...problemKeysOf(problems ?? {}, name)?.params,
  });

  const resolver: Resolver<Values, unknown, Body> = (values) => {
    const body = toBody(values);
    const found = contractProblems(schema, body, { fieldOf, problems });
    const names = Object.keys(found);
    // The schema accepted the body: it is one the API takes.
    if (names.length === 0) return { values: body as Body, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const name of names) {
      const key = found[name];
      if (key) set(errors, name, { type: 'contract', message: t(key, paramsOf(name)) });
    }
    return { values: {}, errors };
  };

  const form = useForm<Values, unknown, Body>({
    defaultValues,
    resolver,
    // A complaint stays until the field changes or the form is sent again, as a reader expects.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { clearErrors, formState, register, setError } = form;

  const errorOf = (name: string): string | undefined => {
    const error: unknown = get(formState.errors, name);
    return error && typeof error === 'object' && 'message' in error
      ? String(error.message)
      : undefined;
  };

  function field(name: Path<Values>) {
    return {
      ...register(name, { onChange: () => clearErrors(name) }),
      error: errorOf(name),
    };
  }

  /** Wires a control that takes its value and gives back the new one, such as a picker. */
  function bind<Name extends Path<Values>>(name: Name) {
    return {
      // The form renders again when the value changes, which is what the control needs.
      // eslint-disable-next-line react-hooks/incompatible-library
      value: form.watch(name),
      onChange: (value: PathValue<Values, Name>) => {
        form.setValue(name, value);
        clearErrors(name);
      },
      error: errorOf(name),
    };
  }

  function submit(send: (body: Body) => void) {
    const check = form.handleSubmit(send, (found) =>
      focusFirstInvalid(formRef.current, (name) => get(found, name) !== undefined),
    );
    return (event: FormEvent<HTMLFormElement>) => {
      // The server answers later: its complaints need the form to focus the first one.
      formRef.current = event.currentTarget;
      return check(event);
    };
  }

  /**
   * Shows the server's complaints about the body on their fields, with `extra` ones the form
   * explains itself (a pseudo taken, the last admin), and focuses the first of them.
   */
  function showServerIssues(error: unknown, extra: Record<string, string | undefined> = {}) {
    const found: Record<string, string> = {};
    for (const [name, issue] of Object.entries(serverIssuesOf(error, fieldOf))) {
      found[name] = serverIssueText(name, issue);
    }
    for (const [name, message] of Object.entries(extra)) {
      if (message !== undefined) found[name] = message;
    }
    const names = Object.keys(found);
    for (const name of names) {
      setError(name as Path<Values>, { type: 'server', message: found[name] });
    }
    focusFirstInvalid(formRef.current, (name) => names.includes(name));
  }

  /**
   * What the form says of the server's issue about a field: the issue's own text when its code
   * carries a bound or a reason, else the form's table entry, else the issue's or the generic one.
   */
  function serverIssueText(name: string, issue: ApiErrorIssue): string {
    const precise = PRECISE_ISSUES.has(issue.code) ? issueText(t, issue) : undefined;
    if (precise) return precise;
    const tableKey = problemKeysOf(problems ?? {}, name)?.invalid;
    if (tableKey) return t(tableKey, paramsOf(name));
    return issueText(t, issue) ?? t('forms.problems.invalid');
  }

  /** Says why saving failed, above the form's buttons, until the form is sent again. */
  const showFailure = (message: string) => setError('root.failure', { type: 'server', message });

  return {
    ...form,
    field,
    bind,
    errorOf,
    submit,
    showServerIssues,
    showFailure,
    failure: formState.errors.root?.failure?.message,
  };
}
