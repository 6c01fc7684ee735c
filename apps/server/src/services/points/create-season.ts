import { seasonBodySchema, type Season, type SeasonBody } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { seasons } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { organizationDay } from '../organization/time-zone.js';
import { assertNoOverlap, lockSeasons } from './season-overlap.js';
import { presentSeason } from './seasons.js';

/** A new season, whose dates share no day with another's (409 season_overlap). */
export async function createSeason({
  db,
  fields,
  now = new Date(),
}: {
  db: Db;
  fields: SeasonBody;
  /** When it is, for whether the season is the current one. */
  now?: Date;
}): Promise<Season> {
  const body = seasonBodySchema.parse(fields);
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    await assertNoOverlap(tx, body);
    const rows = await tx
      .insert(seasons)
      .values({ id: newId(), name: body.name, startsOn: body.starts_on, endsOn: body.ends_on })
      .returning();
    return presentSeason(theRow(rows), await organizationDay(tx, now));
  });
}
