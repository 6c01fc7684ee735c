import type { Db } from '../../db/client.js';
import { organizationLogo } from '../../db/schema.js';
import type { StoredLogo } from './stored-logo.js';

/** Replaces the logo. */
export async function saveLogo({ db, logo }: { db: Db; logo: StoredLogo }): Promise<void> {
  const values = {
    contentType: logo.contentType,
    bytes: logo.bytes,
    etag: logo.etag,
    updatedAt: new Date(),
  };
  await db
    .insert(organizationLogo)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organizationLogo.id, set: values });
}
