import type { Season, SeasonBody } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { seasons } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { writeSeasonDates } from './season-overlap.js';

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
  return writeSeasonDates({
    db,
    fields,
    now,
    write: async (tx, body) =>
      theRow(
        await tx
          .insert(seasons)
          .values({ id: newId(), name: body.name, startsOn: body.starts_on, endsOn: body.ends_on })
          .returning(),
      ),
  });
}
