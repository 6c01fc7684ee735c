import {
  DEFAULT_ORGANIZATION_COLORS,
  DEFAULT_TIME_ZONE,
  type Organization,
} from '@guildhall/contract';
import type { OrganizationRow } from '../../db/schema.js';

export const DEFAULT_ORGANIZATION = {
  name: 'Guildhall',
  primaryColor: DEFAULT_ORGANIZATION_COLORS.primary_color,
  secondaryColor: DEFAULT_ORGANIZATION_COLORS.secondary_color,
  backgroundColor: DEFAULT_ORGANIZATION_COLORS.background_color,
} as const;

/** What an organisation without a saved row shows: the defaults and no links. */
export const EMPTY_ORGANIZATION = {
  ...DEFAULT_ORGANIZATION,
  email: '',
  website: '',
  twitch: '',
  twitter: '',
  instagram: '',
  facebook: '',
  timeZone: DEFAULT_TIME_ZONE,
};

export function presentOrganization(
  row: Omit<OrganizationRow, 'id' | 'updatedAt'>,
  logoVersion: string | undefined,
): Organization {
  return {
    name: row.name,
    email: row.email,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    background_color: row.backgroundColor,
    website: row.website,
    twitch: row.twitch,
    twitter: row.twitter,
    instagram: row.instagram,
    facebook: row.facebook,
    // The version in the URL changes with the logo, so browsers never show a stale one.
    logo: logoVersion ? `/api/organization/logo?v=${logoVersion}` : null,
    time_zone: row.timeZone,
  };
}
