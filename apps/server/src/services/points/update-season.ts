import type { Season, SeasonBody } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { seasons } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { writeSeasonDates } from './season-overlap.js';

/**
 * New name or dates. Points already granted stay in the season they were granted to, even if
 * the day they were granted for is no longer one of its days (the ledger is never rewritten).
 */
export async function updateSeason({
  db,
  id,
  fields,
  now = new Date(),
}: {
  db: Db;
  id: string;
  fields: SeasonBody;
  /** When it is, for whether the season is the current one. */
  now?: Date;
}): Promise<Season> {
  return writeSeasonDates({
    db,
    fields,
    exceptId: id,
    now,
    write: async (tx, body) => {
      const [row] = await tx
        .update(seasons)
        .set({ name: body.name, startsOn: body.starts_on, endsOn: body.ends_on })
        .where(eq(seasons.id, id))
        .returning();
      if (!row) throw notFound('season_not_found', 'No season has this id');
      return row;
    },
  });
}
