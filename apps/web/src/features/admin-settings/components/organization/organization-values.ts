import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type Organization,
  type OrganizationUpdate,
  organizationUpdateSchema,
} from '@guildhall/contract';

/** The organisation's fields the form edits, in the order it shows them. */
export const IDENTITY_FIELDS = ['name', 'email'] as const;
export const COLOR_FIELDS = ['primary_color', 'secondary_color', 'background_color'] as const;
export const LINK_FIELDS = ['website', 'twitch', 'twitter', 'instagram', 'facebook'] as const;

export type ColorField = (typeof COLOR_FIELDS)[number];
export type OrganizationField = keyof OrganizationUpdate;
export type OrganizationValues = Record<OrganizationField, string>;

const FIELDS: readonly OrganizationField[] = [...IDENTITY_FIELDS, ...COLOR_FIELDS, ...LINK_FIELDS];
const REQUIRED: ReadonlySet<OrganizationField> = new Set([...IDENTITY_FIELDS, ...COLOR_FIELDS]);

/** What the form shows for the stored organisation. */
export function valuesOf(organization: Organization): OrganizationValues {
  return Object.fromEntries(
    FIELDS.map((field) => [field, organization[field]]),
  ) as OrganizationValues;
}

/** Why a field's value cannot be sent. */
export type OrganizationProblem = 'required' | 'email' | 'color' | 'url';

function problemOf(field: OrganizationField): OrganizationProblem {
  if (field === 'email') return 'email';
  if (COLOR_FIELDS.some((color) => color === field)) return 'color';
  return field === 'name' ? 'required' : 'url';
}

/**
 * The problems of the values typed in, by field, checked with the contract's own schema (the
 * server checks them again with it); an empty object when there are none.
 */
export function checkValues(
  values: OrganizationValues,
): Partial<Record<OrganizationField, OrganizationProblem>> {
  const problems: Partial<Record<OrganizationField, OrganizationProblem>> = {};
  for (const field of FIELDS) {
    const value = values[field].trim();
    if (REQUIRED.has(field) && !value) problems[field] = 'required';
    else if (!organizationUpdateSchema.shape[field].safeParse(value).success) {
      problems[field] = problemOf(field);
    }
  }
  return problems;
}

/** The values as the API takes them, trimmed. */
export function bodyOf(values: OrganizationValues): OrganizationUpdate {
  return Object.fromEntries(
    FIELDS.map((field) => [field, values[field].trim()]),
  ) as OrganizationUpdate;
}

/** Why a chosen file cannot be the logo, before anything is sent. */
export type LogoProblem = 'type' | 'size';

/** The browser's own check of a logo: a JPG or PNG of at most 2 MB. The server checks the bytes. */
export function checkLogo(file: File): LogoProblem | undefined {
  if (!LOGO_TYPES.some((type) => type === file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return undefined;
}
