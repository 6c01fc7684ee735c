import type { Organization, organizationUpdateSchema } from '@guildhall/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { organization } from '../../db/schema.js';
import { getOrganization } from './get-organization.js';

/** Saves the organisation's fields and answers what is now stored. */
export async function updateOrganization({
  db,
  fields,
}: {
  db: Db;
  fields: z.output<typeof organizationUpdateSchema>;
}): Promise<Organization> {
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
    ...(fields.time_zone && { timeZone: fields.time_zone }),
    updatedAt: new Date(),
  };
  await db
    .insert(organization)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organization.id, set: values });
  return getOrganization({ db });
}
