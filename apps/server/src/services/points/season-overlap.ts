import type { SeasonBody } from '@guildhall/contract';
import { and, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { seasons } from '../../db/schema.js';
import { conflict } from '../../lib/http-error.js';

/**
 * Refuses dates that share a day with another season (409 season_overlap), inside the write's
 * transaction, after `lockSeasons`.
 */
export async function assertNoOverlap(tx: Db, body: SeasonBody, exceptId?: string): Promise<void> {
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
}

/** Seasons' writes take a lock, so that two admins at once cannot both pass the overlap check. */
export const lockSeasons = (tx: Db) => lockForTransaction(tx, LOCKS.seasons);
