import type { LeagueRank, RankEntry } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import { leagueEntriesSchema, type RiotLeagueEntry } from '../../integrations/riot/dto.js';
import { findUser } from '../users/find-user.js';
import { readForcedRefresh } from './forced-refresh.js';
import {
  memberRiotAccounts,
  type MemberRiotAccount,
} from '../../integrations/riot/riot-accounts.js';

/** Ranks move after every game, but a profile view need not cost a call each time. */
export const RANKS_CACHE_MS = 10 * 60_000;

/** The queues a rank card shows, the main one first. */
const RANKED_QUEUES = ['RANKED_SOLO_5x5', 'RANKED_FLEX_SR'] as const;
/** Tiers without divisions: Riot still sends 'I'. */
const APEX_TIERS = new Set(['MASTER', 'GRANDMASTER', 'CHALLENGER']);

/** One entry per League login of the member, in the member's order. */
export async function getMemberRanks(
  db: Db,
  riot: RiotClient,
  userId: string,
): Promise<RankEntry[]> {
  const member = await findUser(db, userId);
  riot.assertConfigured();
  const accounts = await memberRiotAccounts(db, riot, member.leagueoflegendsLogin);
  if (accounts.length === 0) return [];
  const freshAfter = await readForcedRefresh(riot, userId);
  return Promise.all(
    accounts.map(async (account) => {
      if (!account.puuid) return toRankEntry(account, [], null);
      const entries = await riot.getTimed({
        host: 'platform',
        method: 'league-v4.entries-by-puuid',
        path: `/lol/league/v4/entries/by-puuid/${encodeURIComponent(account.puuid)}`,
        schema: leagueEntriesSchema,
        cacheFor: RANKS_CACHE_MS,
        freshAfter,
      });
      return toRankEntry(account, entries.value ?? [], entries.fetchedAt);
    }),
  );
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
