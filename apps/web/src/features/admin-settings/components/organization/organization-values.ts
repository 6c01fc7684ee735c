import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type Organization,
  type OrganizationUpdate,
} from '@guildhall/contract';
import type { ProblemKeys } from '@/lib/contract-form';

/** The organisation's fields the form edits, in the order it shows them. */
export const IDENTITY_FIELDS = ['name', 'email'] as const;
export const COLOR_FIELDS = ['primary_color', 'secondary_color', 'background_color'] as const;
export const LINK_FIELDS = ['website', 'twitch', 'twitter', 'instagram', 'facebook'] as const;
/** Where the organisation meets: new events' time zone. */
export const TIME_ZONE_FIELD = 'time_zone';

export type ColorField = (typeof COLOR_FIELDS)[number];
export type OrganizationField = keyof OrganizationUpdate;
export type OrganizationValues = Record<OrganizationField, string>;

const FIELDS: readonly OrganizationField[] = [
  ...IDENTITY_FIELDS,
  ...COLOR_FIELDS,
  ...LINK_FIELDS,
  TIME_ZONE_FIELD,
];

/** The time zones the browser knows, the stored one included even if it does not list it. */
export function timeZoneChoices(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

/** What the form shows for the stored organisation. */
export function valuesOf(organization: Organization): OrganizationValues {
  return Object.fromEntries(
    FIELDS.map((field) => [field, organization[field]]),
  ) as OrganizationValues;
}

/** What the fields say when the contract refuses them; left empty, a required one says so. */
export const ORGANIZATION_PROBLEMS: ProblemKeys = {
  email: { invalid: 'forms.problems.email' },
  ...Object.fromEntries(
    COLOR_FIELDS.map((field) => [field, { invalid: 'organization_settings.problems.color' }]),
  ),
  ...Object.fromEntries(
    LINK_FIELDS.map((field) => [field, { invalid: 'organization_settings.problems.url' }]),
  ),
};

/** The values as the API takes them, trimmed. */
export function bodyOf(values: OrganizationValues): OrganizationUpdate {
  return Object.fromEntries(
    FIELDS.map((field) => [field, (values[field] ?? '').trim()]),
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
