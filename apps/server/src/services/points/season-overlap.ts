import { seasonBodySchema, type Season, type SeasonBody } from '@guildhall/contract';
import { and, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { seasons } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';
import { organizationDay } from '../organization/time-zone.js';
import { presentSeason, type SeasonRow } from './seasons.js';

/** Seasons' writes take a lock, so that two admins at once cannot both pass the overlap check. */
export const lockSeasons = (tx: Db) => lockForTransaction(tx, LOCKS.seasons);

/**
 * A season's new or changed dates, written by `write` once they are known to share no day with
 * another season's (409 season_overlap): the body is parsed, the seasons locked and the overlap
 * checked in the write's transaction, and the written row answered as the API shows it.
 */
export async function writeSeasonDates({
  db,
  fields,
  exceptId,
  now,
  write,
}: {
  db: Db;
  fields: SeasonBody;
  /** The season being changed, which its own dates never overlap. */
  exceptId?: string;
  /** When it is, for whether the season is the current one. */
  now: Date;
  write: (tx: Db, body: SeasonBody) => Promise<SeasonRow>;
}): Promise<Season> {
  const body = seasonBodySchema.parse(fields);
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    const [overlapping] = await tx
      .select({ id: seasons.id })
      .from(seasons)
      .where(
        and(
          lte(seasons.startsOn, body.ends_on),
          gte(seasons.endsOn, body.starts_on),
          exceptId ? ne(seasons.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (overlapping) throw conflict('season_overlap', 'These dates overlap another season');
    return presentSeason(await write(tx, body), await organizationDay(tx, now));
  });
}
