import type { Organization } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { organization, type OrganizationRow } from '../../db/schema.js';

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
  const [row] = await db.select().from(organization).limit(1);
  return presentOrganization(row ?? { ...DEFAULT_ORGANIZATION, ...emptyLinks });
}

const emptyLinks = { email: '', website: '', twitch: '', twitter: '', instagram: '', facebook: '' };

function presentOrganization(row: Omit<OrganizationRow, 'id' | 'updatedAt'>): Organization {
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
    // Logo upload arrives with the branding issue.
    logo: null,
  };
}
