import {
  maxLengthOf,
  memberEditSchema,
  PROFILE_FIELDS,
  PSEUDO_MAX_LENGTH,
  PSEUDO_MIN_LENGTH,
  type User,
} from '@guildhall/contract';
import type { ProblemKeys } from './contract-form';

/*
 * The profile fields a member fills in on its account settings, and an admin on the edit form.
 * Both check them with the contract's schema of their body, as the server does.
 */

export type MemberField = (typeof PROFILE_FIELDS)[number];

interface FieldSpec {
  type: 'text' | 'date' | 'email';
  required: boolean;
  autoComplete: string;
  maxLength?: number;
}

/** The most characters the server takes in a field (the admin's form has every field). */
const limitOf = (field: MemberField) => maxLengthOf(memberEditSchema.shape[field]);

/** How each field is typed in, as the contract bounds it. */
export const FIELD_SPECS: Record<MemberField, FieldSpec> = {
  name: { type: 'text', required: true, autoComplete: 'family-name', maxLength: limitOf('name') },
  surname: {
    type: 'text',
    required: true,
    autoComplete: 'given-name',
    maxLength: limitOf('surname'),
  },
  pseudo: {
    type: 'text',
    required: true,
    autoComplete: 'nickname',
    maxLength: limitOf('pseudo'),
  },
  birthday: { type: 'date', required: true, autoComplete: 'bday' },
  email: { type: 'email', required: true, autoComplete: 'email', maxLength: limitOf('email') },
  address: {
    type: 'text',
    required: false,
    autoComplete: 'street-address',
    maxLength: limitOf('address'),
  },
  zip_code: {
    type: 'text',
    required: false,
    autoComplete: 'postal-code',
    maxLength: limitOf('zip_code'),
  },
  town: {
    type: 'text',
    required: false,
    autoComplete: 'address-level2',
    maxLength: limitOf('town'),
  },
  country: {
    type: 'text',
    required: false,
    autoComplete: 'country-name',
    maxLength: limitOf('country'),
  },
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

/**
 * What the profile fields say when the contract refuses them; a required field left empty says
 * `forms.problems.required`. The pseudo's text takes `PROFILE_PROBLEM_PARAMS`.
 */
export const PROFILE_PROBLEMS: ProblemKeys = {
  pseudo: { invalid: 'forms.problems.pseudo' },
  email: { invalid: 'forms.problems.email' },
  birthday: { invalid: 'forms.problems.birthday' },
};
export const PROFILE_PROBLEM_PARAMS = { min: PSEUDO_MIN_LENGTH, max: PSEUDO_MAX_LENGTH };

/** The values as the API takes them: trimmed (an optional field left empty is stored as null). */
export function trimmedValues<Field extends MemberField>(
  values: FieldValues<Field>,
): FieldValues<Field> {
  const trimmed = {} as FieldValues<Field>;
  for (const field of Object.keys(values) as Field[]) trimmed[field] = values[field].trim();
  return trimmed;
}
