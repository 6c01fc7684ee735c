import { LEAGUE_REFRESH_COOLDOWN_MS, type LeagueRefresh } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { TooSoonError } from '../../lib/http-error.js';
import { findUser } from '../users/find-user.js';
import { readForcedRefresh, writeForcedRefresh } from './forced-refresh.js';
import { LEAGUE_REFRESH_PERIOD_MS } from './league-requests.js';

/**
 * The refresh is remembered as long as the cooldown, and a refresh period: the views that follow
 * fetch afresh and keep what they fetched, the warm job refreshes the rest within that period.
 */
const MARKER_TTL_MS = Math.max(LEAGUE_REFRESH_COOLDOWN_MS, LEAGUE_REFRESH_PERIOD_MS);

export interface RefreshMemberLeagueOptions {
  db: Db;
  riot: RiotClient;
  userId: string;
  now?: number;
}

/**
 * A member asks for the League data of a profile fresh from Riot: the cached ranks and game
 * lists of that member stop being used, and the next reads ask Riot. At most once per
 * LEAGUE_REFRESH_COOLDOWN_MS per profile, whoever asks, so that no one can hammer Riot through it.
 * Two refreshes at the very same moment may both pass: the cost is one more round of calls.
 */
export async function refreshMemberLeague({
  db,
  riot,
  userId,
  now = Date.now(),
}: RefreshMemberLeagueOptions): Promise<LeagueRefresh> {
  await findUser(db, userId);
  riot.assertConfigured();
  const last = await readForcedRefresh(riot, userId);
  if (last !== undefined && now - last < LEAGUE_REFRESH_COOLDOWN_MS) {
    throw new TooSoonError(
      "This member's League data was refreshed moments ago",
      last + LEAGUE_REFRESH_COOLDOWN_MS - now,
    );
  }
  await writeForcedRefresh(riot, userId, now, MARKER_TTL_MS);
  return { refreshedAt: now, nextRefreshAt: now + LEAGUE_REFRESH_COOLDOWN_MS };
}
