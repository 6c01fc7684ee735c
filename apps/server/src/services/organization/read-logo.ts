import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizationLogo } from '../../db/schema.js';
import type { StoredLogo } from './stored-logo.js';

/** The logo, if one was uploaded. */
export async function readLogo({ db }: { db: Db }): Promise<StoredLogo | undefined> {
  const [row] = await db.select().from(organizationLogo).where(eq(organizationLogo.id, 1)).limit(1);
  return row
    ? {
        contentType: row.contentType as StoredLogo['contentType'],
        bytes: row.bytes,
        etag: row.etag,
      }
    : undefined;
}

/** The logo's version alone, for its URL. */
export async function readLogoEtag({ db }: { db: Db }): Promise<string | undefined> {
  const [row] = await db.select({ etag: organizationLogo.etag }).from(organizationLogo).limit(1);
  return row?.etag;
}
