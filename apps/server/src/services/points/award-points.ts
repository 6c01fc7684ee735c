import {
  pointsAwardBodySchema,
  type LedgerLine,
  type PointsAwardBody,
  type Season,
} from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { theRow } from '../../lib/rows.js';
import { users } from '../../db/schema.js';
import { conflict, invalidRequest } from '../../lib/http-error.js';
import { appendLines, type NewLine } from './ledger.js';
import { readLedgerLine } from './read-ledger.js';
import { currentSeason } from './seasons.js';

/**
 * Points given or taken by hand, with why, in the current season: a new line, whether it is an
 * award or the correction of an earlier one. A total may go below zero (decision 038).
 */
export async function awardPoints({
  db,
  grantedBy,
  body: input,
  now = new Date(),
}: {
  db: Db;
  grantedBy: string;
  body: PointsAwardBody;
  now?: Date;
}): Promise<LedgerLine> {
  const body = pointsAwardBodySchema.parse(input);
  const id = await db.transaction(async (tx) => {
    const season = await seasonOfAwards(tx, now);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, body.user_id))
      .for('share');
    if (!member) {
      throw invalidRequest([
        {
          path: 'body.user_id',
          message: `no member has the id ${body.user_id}`,
          code: 'unknown_reference',
        },
      ]);
    }
    return appendAward(
      tx,
      {
        userId: body.user_id,
        seasonId: season._id,
        points: body.points,
        reason: body.reason,
        grantedBy,
      },
      now,
    );
  });
  return readLedgerLine(db, id);
}

/** The season awards given now go to: the current one, or 409 when no season covers today. */
export async function seasonOfAwards(tx: Db, now: Date): Promise<Season> {
  const season = await currentSeason(tx, now);
  if (!season) throw conflict('no_current_season', 'No season covers today');
  return season;
}

/** One line given by hand, in the caller's transaction; answers its id. */
export async function appendAward(
  tx: Db,
  award: Omit<NewLine, 'source' | 'subject' | 'revision'>,
  now: Date,
): Promise<string> {
  return theRow(await appendLines(tx, [{ ...award, source: 'manual' }], now));
}
