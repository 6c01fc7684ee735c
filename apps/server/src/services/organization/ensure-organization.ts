import type { Db } from '../../db/client.js';
import { organization } from '../../db/schema.js';
import { DEFAULT_ORGANIZATION } from './present-organization.js';

/** Makes sure the organisation row exists; an existing one is left untouched. */
export async function ensureOrganization({
  db,
  values = {},
}: {
  db: Db;
  values?: Partial<typeof organization.$inferInsert>;
}): Promise<void> {
  await db
    .insert(organization)
    .values({ id: 1, ...DEFAULT_ORGANIZATION, ...values })
    .onConflictDoNothing();
}
