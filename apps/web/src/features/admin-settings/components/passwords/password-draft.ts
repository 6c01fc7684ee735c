import {
  type AccessRule,
  type PasswordCreate,
  passwordCreateSchema,
  type PasswordEntry,
  type PasswordUpdate,
  passwordUpdateSchema,
  type Team,
} from '@guildhall/contract';

/** Whether the form creates an entry or edits one: adding a rule differs (specification, 4). */
export type PasswordFormMode = 'create' | 'edit';

/** An entry being created or edited: nothing reaches the server before it is saved. */
export interface PasswordDraft {
  network: string;
  account: string;
  /** Always empty at first: the stored value never comes back from the server. */
  password: string;
  accessRules: AccessRule[];
}

export function draftOf(entry?: PasswordEntry): PasswordDraft {
  return {
    network: entry?.network ?? '',
    account: entry?.account ?? '',
    password: '',
    accessRules: entry?.accessRules ?? [],
  };
}

/** The team and roles ticked in the rule editor, before the rule is added. */
export interface RuleChoice {
  teamId: string;
  roles: string[];
}

/** A rule is added only when a team is selected and at least one of its roles ticked. */
export const canAddRule = ({ teamId, roles }: RuleChoice): boolean =>
  teamId !== '' && roles.length > 0;

/**
 * The rules once `rule` is added. Creating appends it; editing replaces the rule of the same
 * team when there is one, in its place, and appends it otherwise.
 */
export function addRule(
  rules: readonly AccessRule[],
  rule: AccessRule,
  mode: PasswordFormMode,
): AccessRule[] {
  const existing = rules.findIndex(({ teamId }) => teamId === rule.teamId);
  if (mode === 'edit' && existing !== -1) {
    return rules.map((current, index) => (index === existing ? rule : current));
  }
  return [...rules, rule];
}

/** The ticked roles in the order the team lists them, whatever order they were ticked in. */
export function rolesInTeamOrder(team: Team | undefined, ticked: readonly string[]): string[] {
  if (!team) return [...ticked];
  return team.roles.map(({ role }) => role).filter((role) => ticked.includes(role));
}

/**
 * The contract's schema of the body a form in `mode` sends. To create an entry the password must
 * be more than blanks, which the API would take; on edit a blank one leaves the stored password
 * as it is.
 */
export function bodySchemaOf(mode: PasswordFormMode) {
  if (mode === 'edit') return passwordUpdateSchema;
  return passwordCreateSchema.extend({
    password: passwordCreateSchema.shape.password.refine((password) => password.trim() !== ''),
  });
}

/** The body of POST /api/password. The password goes as typed: spaces may be part of it. */
export function createBodyOf(draft: PasswordDraft): PasswordCreate {
  return {
    network: draft.network.trim(),
    account: draft.account.trim(),
    password: draft.password,
    accessRules: draft.accessRules,
  };
}

/** The body of PUT /api/password/{id}: the password only when one was typed. */
export function updateBodyOf(draft: PasswordDraft): PasswordUpdate {
  return {
    network: draft.network.trim(),
    account: draft.account.trim(),
    accessRules: draft.accessRules,
    ...(draft.password.trim() !== '' && { password: draft.password }),
  };
}
