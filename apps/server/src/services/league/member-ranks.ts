import type { LeagueRank, RankEntry } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import type { RiotLeagueEntry } from '../../integrations/riot/dto.js';
import { findUser } from '../users/find-user.js';
import { readForcedRefresh } from './forced-refresh.js';
import { LEAGUE_REFRESH_PERIOD_MS, ranksRequest } from './league-requests.js';
import { queueLeagueRefresh } from './queue-league-refresh.js';
import {
  memberRiotAccounts,
  type MemberRiotAccount,
} from '../../integrations/riot/riot-accounts.js';

/** The queues a rank card shows, the main one first. */
const RANKED_QUEUES = ['RANKED_SOLO_5x5', 'RANKED_FLEX_SR'] as const;
/** Tiers without divisions: Riot still sends 'I'. */
const APEX_TIERS = new Set(['MASTER', 'GRANDMASTER', 'CHALLENGER']);

/**
 * One entry per League login of the member, in the member's order, as kept by the warm job
 * (decision 066), each with the time Riot gave it. Ranks older than LEAGUE_REFRESH_PERIOD_MS are
 * shown all the same, and their refresh is queued; only ranks never fetched (or older than a
 * forced refresh) are asked of Riot now.
 */
export async function getMemberRanks(
  db: Db,
  riot: RiotClient,
  userId: string,
  now = Date.now(),
): Promise<RankEntry[]> {
  const member = await findUser(db, userId);
  riot.assertConfigured();
  const accounts = await memberRiotAccounts(db, riot, member.leagueoflegendsLogin);
  if (accounts.length === 0) return [];
  const freshAfter = await readForcedRefresh(riot, userId);
  const stale: string[] = [];
  const entries = await Promise.all(
    accounts.map(async (account) => {
      if (!account.puuid) return toRankEntry(account, [], null);
      const answer = await riot.getTimed(ranksRequest(account.puuid, { freshAfter }));
      if (answer.fetchedAt < now - LEAGUE_REFRESH_PERIOD_MS) stale.push(account.puuid);
      return toRankEntry(account, answer.value ?? [], answer.fetchedAt);
    }),
  );
  await queueLeagueRefresh({ db, riot, puuids: stale, now });
  return entries;
}

/**
 * Solo queue is the main rank, else flex, else none (unranked or unknown to Riot). `fetchedAt`:
 * when Riot gave the entries, null when it was not asked (unresolved Riot ID).
 */
export function toRankEntry(
  account: Pick<MemberRiotAccount, 'gameName' | 'tagLine'>,
  entries: readonly RiotLeagueEntry[],
  fetchedAt: number | null,
): RankEntry {
  const queues = RANKED_QUEUES.flatMap((queueType) => {
    const entry = entries.find((candidate) => candidate.queueType === queueType);
    return entry ? [toLeagueRank(entry)] : [];
  });
  return {
    gameName: account.gameName,
    tagLine: account.tagLine,
    rankData: { lol: queues[0] ?? null },
    queues,
    fetchedAt,
  };
}

function toLeagueRank(entry: RiotLeagueEntry): LeagueRank {
  return {
    queueType: entry.queueType,
    tier: entry.tier,
    division: APEX_TIERS.has(entry.tier) ? '' : entry.rank,
    leaguePoints: entry.leaguePoints,
    wins: entry.wins,
    losses: entry.losses,
  };
}
