import { badgeBodySchema, type BadgeBody, type MemberBadge } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { memberBadges } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/postgres-errors.js';
import { theRow } from '../../lib/rows.js';
import { presentBadge } from './badges.js';

/** A one-off badge given by hand (admins), with why. */
export async function awardBadge({
  db,
  userId,
  awardedBy,
  fields,
}: {
  db: Db;
  userId: string;
  awardedBy: string;
  fields: BadgeBody;
}): Promise<MemberBadge> {
  const body = badgeBodySchema.parse(fields);
  try {
    const rows = await db
      .insert(memberBadges)
      .values({ id: newId(), userId, awardedBy, ...body })
      .returning();
    return presentBadge(theRow(rows));
  } catch (error) {
    // The member, or the admin giving it, is gone (deleted meanwhile or never there).
    if (isForeignKeyViolation(error)) throw notFound('user_not_found', 'No member has this id');
    throw error;
  }
}
