import {
  birthdaySchema,
  emailSchema,
  PSEUDO_MAX_LENGTH,
  PSEUDO_MIN_LENGTH,
  pseudoSchema,
  type User,
} from '@guildhall/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The profile fields a member fills in on its account settings, and an admin on the edit form
 * (which adds the team). Both send them to the server, which checks them again with the same
 * contract schemas.
 */

export const PROFILE_FIELDS = [
  'name',
  'surname',
  'pseudo',
  'birthday',
  'email',
  'address',
  'zip_code',
  'town',
  'country',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The edit form's general fields: the profile, and the team. */
export const MEMBER_FIELDS = [...PROFILE_FIELDS, 'team'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

interface FieldSpec {
  type: 'text' | 'date' | 'email';
  required: boolean;
  autoComplete: string;
  maxLength?: number;
}

/** How each field is typed in, as the contract bounds it. */
export const FIELD_SPECS: Record<MemberField, FieldSpec> = {
  name: { type: 'text', required: true, autoComplete: 'family-name', maxLength: 64 },
  surname: { type: 'text', required: true, autoComplete: 'given-name', maxLength: 64 },
  pseudo: {
    type: 'text',
    required: true,
    autoComplete: 'nickname',
    maxLength: PSEUDO_MAX_LENGTH,
  },
  birthday: { type: 'date', required: true, autoComplete: 'bday' },
  email: { type: 'email', required: true, autoComplete: 'email', maxLength: 254 },
  address: { type: 'text', required: false, autoComplete: 'street-address', maxLength: 200 },
  zip_code: { type: 'text', required: false, autoComplete: 'postal-code', maxLength: 16 },
  town: { type: 'text', required: false, autoComplete: 'address-level2', maxLength: 100 },
  country: { type: 'text', required: false, autoComplete: 'country-name', maxLength: 100 },
  team: { type: 'text', required: false, autoComplete: 'off', maxLength: 100 },
};

export type FieldValues<Field extends MemberField> = Record<Field, string>;

/** What the form shows for a member: empty text where the member has nothing. */
export function fieldValuesOf<Field extends MemberField>(
  member: User,
  fields: readonly Field[],
): FieldValues<Field> {
  const values = {} as FieldValues<Field>;
  for (const field of fields) values[field] = member[field] ?? '';
  return values;
}

/** Why a field's value cannot be sent. */
export type FieldProblem = 'required' | 'email' | 'birthday' | 'pseudo';

/** The problems of the values typed in, by field; an empty object when there are none. */
export function checkFieldValues<Field extends MemberField>(
  values: FieldValues<Field>,
): Partial<Record<Field, FieldProblem>> {
  const problems: Partial<Record<Field, FieldProblem>> = {};
  for (const field of Object.keys(values) as Field[]) {
    const value = values[field].trim();
    if (FIELD_SPECS[field].required && !value) problems[field] = 'required';
  }
  const typed: Partial<Record<MemberField, string>> = values;
  const checks: [MemberField, FieldProblem, boolean][] = [
    ['pseudo', 'pseudo', pseudoSchema.safeParse(typed.pseudo ?? '').success],
    ['email', 'email', emailSchema.safeParse(typed.email?.trim() ?? '').success],
    ['birthday', 'birthday', birthdaySchema.safeParse(typed.birthday ?? '').success],
  ];
  for (const [field, problem, passes] of checks) {
    const value = typed[field];
    if (value === undefined || !value.trim() || passes) continue;
    problems[field as Field] = problem;
  }
  return problems;
}

/** The values as the API takes them: trimmed (an optional field left empty is stored as null). */
export function trimmedValues<Field extends MemberField>(
  values: FieldValues<Field>,
): FieldValues<Field> {
  const trimmed = {} as FieldValues<Field>;
  for (const field of Object.keys(values) as Field[]) trimmed[field] = values[field].trim();
  return trimmed;
}

/** The sentence explaining a FieldProblem. */
export function useFieldProblemText(): (problem: FieldProblem) => string {
  const { t } = useTranslation();
  return useCallback(
    (problem: FieldProblem) =>
      t(`forms.problems.${problem}`, { min: PSEUDO_MIN_LENGTH, max: PSEUDO_MAX_LENGTH }),
    [t],
  );
}
