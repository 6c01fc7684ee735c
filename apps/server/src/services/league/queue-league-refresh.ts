import type { Db } from '../../db/client.js';
import { bringJobForward } from '../../jobs/leases.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { LEAGUE_KEEP_MS, VIEWED_MARKER } from './league-requests.js';

export interface QueueLeagueRefreshOptions {
  db: Db;
  riot: RiotClient;
  /** The accounts whose data a view found older than LEAGUE_REFRESH_PERIOD_MS. */
  puuids: readonly string[];
  now?: number;
}

/**
 * A view showed stale League data: its accounts go first in the warm job's next run, and that
 * run is due now (the runner starts it at its next look, within seconds). Never fails the view:
 * without it, the job still reaches these accounts in turn.
 */
export async function queueLeagueRefresh({
  db,
  riot,
  puuids,
  now = Date.now(),
}: QueueLeagueRefreshOptions): Promise<void> {
  if (puuids.length === 0) return;
  try {
    await Promise.all(
      [...new Set(puuids)].map((puuid) =>
        riot.cache.write(`${VIEWED_MARKER}${puuid}`, { at: now }, LEAGUE_KEEP_MS),
      ),
    );
    await bringJobForward(db, 'league-warm', new Date(now));
  } catch {
    // The view has its answer; the job will come to these accounts anyway.
  }
}
