import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberBadges } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

/** Takes back a badge given by mistake: badges are not points, no ledger keeps them. */
export async function deleteBadge({ db, id }: { db: Db; id: string }): Promise<void> {
  const deleted = await db
    .delete(memberBadges)
    .where(eq(memberBadges.id, id))
    .returning({ id: memberBadges.id });
  if (deleted.length === 0) throw notFound('badge_not_found', 'No badge has this id');
}
