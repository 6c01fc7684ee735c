import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pointsLedger, seasons } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { lockSeasons } from './season-overlap.js';

/** Deletes a season without points (409 season_has_points otherwise: the ledger is kept). */
export async function deleteSeason({ db, id }: { db: Db; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSeasons(tx);
    const [line] = await tx
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(eq(pointsLedger.seasonId, id))
      .limit(1);
    if (line) throw conflict('season_has_points', 'This season has points');
    const deleted = await tx
      .delete(seasons)
      .where(eq(seasons.id, id))
      .returning({ id: seasons.id });
    if (deleted.length === 0) throw notFound('season_not_found', 'No season has this id');
  });
}
