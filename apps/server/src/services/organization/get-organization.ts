import type { Organization } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { organization } from '../../db/schema.js';
import { EMPTY_ORGANIZATION, presentOrganization } from './present-organization.js';
import { readLogoEtag } from './read-logo.js';

export async function getOrganization({ db }: { db: Db }): Promise<Organization> {
  const [[row], etag] = await Promise.all([
    db.select().from(organization).limit(1),
    readLogoEtag({ db }),
  ]);
  return presentOrganization(row ?? EMPTY_ORGANIZATION, etag);
}
