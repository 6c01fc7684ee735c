import type { Organization, organizationUpdateSchema } from '@guildhall/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { organization, type OrganizationRow } from '../../db/schema.js';
import { logoEtag } from './logo.js';

type OrganizationFields = z.output<typeof organizationUpdateSchema>;

export const DEFAULT_ORGANIZATION = {
  name: 'Guildhall',
  primaryColor: '#5865f2',
  secondaryColor: '#1e1f22',
  backgroundColor: '#f4f5f7',
} as const;

/** Makes sure the organisation row exists; an existing one is left untouched. */
export async function ensureOrganization(
  db: Db,
  values: Partial<typeof organization.$inferInsert> = {},
): Promise<void> {
  await db
    .insert(organization)
    .values({ id: 1, ...DEFAULT_ORGANIZATION, ...values })
    .onConflictDoNothing();
}

export async function getOrganization(db: Db): Promise<Organization> {
  const [[row], etag] = await Promise.all([db.select().from(organization).limit(1), logoEtag(db)]);
  return presentOrganization(row ?? { ...DEFAULT_ORGANIZATION, ...emptyLinks }, etag);
}

/** Saves the organisation's fields and answers what is now stored. */
export async function updateOrganization(
  db: Db,
  fields: OrganizationFields,
): Promise<Organization> {
  const values = {
    name: fields.name,
    email: fields.email,
    primaryColor: fields.primary_color.toLowerCase(),
    secondaryColor: fields.secondary_color.toLowerCase(),
    backgroundColor: fields.background_color.toLowerCase(),
    website: fields.website,
    twitch: fields.twitch,
    twitter: fields.twitter,
    instagram: fields.instagram,
    facebook: fields.facebook,
    updatedAt: new Date(),
  };
  await db
    .insert(organization)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organization.id, set: values });
  return getOrganization(db);
}

const emptyLinks = { email: '', website: '', twitch: '', twitter: '', instagram: '', facebook: '' };

function presentOrganization(
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
  };
}
