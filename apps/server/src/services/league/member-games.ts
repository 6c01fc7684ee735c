import {
  encodeCursor,
  LEAGUE_GAMES_MAX,
  type LeagueGame,
  type LeagueGamesPage,
} from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import {
  matchIdsSchema,
  matchSchema,
  type RiotMatch,
  type RiotMatchParticipant,
} from '../../integrations/riot/dto.js';
import { findUser } from '../users/find-user.js';
import { readForcedRefresh } from './forced-refresh.js';
import { memberRiotAccounts } from '../../integrations/riot/riot-accounts.js';

/** A new game shows within two minutes; a finished game never changes. */
export const MATCH_IDS_CACHE_MS = 2 * 60_000;
/** match-v5 answers at most 100 ids per call. */
const IDS_PER_CALL = 100;
/**
 * `since` is rounded down to this step in the call, so that the id list stays cached while the
 * caller's clock moves; games before `since` are then filtered out here.
 */
const SINCE_STEP_SECONDS = 600;

export interface GamesQuery {
  /**
   * Where the page before ended (decision 061): the position in the member's list of the game
   * after it, and the match it showed last.
   */
  cursor?: readonly [number, string] | undefined;
  limit: number;
  /** Epoch milliseconds. */
  since?: number | undefined;
}

/**
 * Ranked games of every League account of the member, newest first, each once (two accounts of
 * the member in one game make one game), a page at a time. Riot's list is read by position, not
 * by key: the page starts after the cursor's match where it is found in the list (games played
 * since the page before pushed it down), at the cursor's position otherwise.
 */
export async function getMemberGames(
  db: Db,
  riot: RiotClient,
  userId: string,
  query: GamesQuery,
): Promise<LeagueGamesPage> {
  const member = await findUser(db, userId);
  riot.assertConfigured();
  const accounts = await memberRiotAccounts(db, riot, member.leagueoflegendsLogin);
  const puuids = [...new Set(accounts.flatMap((account) => account.puuid ?? []))];
  if (puuids.length === 0) return { items: [], next_cursor: null };
  const { cursor, limit, since } = query;
  const freshAfter = await readForcedRefresh(riot, userId);
  // One more id than the page, to know whether another page follows.
  const needed = (cursor?.[0] ?? 0) + limit + 1;
  const lists = await Promise.all(
    puuids.map((puuid) => rankedMatchIds(riot, puuid, needed, since, freshAfter)),
  );
  // One account: Riot's list is already newest first. Several: match ids grow with time within
  // a platform, so merging the lists by id finds the page. Either way only the page's own
  // details are fetched (at most `limit`, whatever the number of accounts).
  const ordered =
    lists.length === 1
      ? (lists[0] ?? [])
      : [...new Set(lists.flat())].sort(
          (a, b) => matchNumber(b) - matchNumber(a) || b.localeCompare(a),
        );
  const start = cursor ? pageStart(ordered, cursor) : 0;
  const wanted = ordered.slice(start, start + limit);
  const next = start + wanted.length;
  const lastId = wanted.at(-1);
  const matches = await Promise.all(wanted.map((matchId) => matchDetails(riot, matchId)));
  const items = matches
    .flatMap((match) => (match ? [presentGame(match, puuids)] : []))
    .filter((game) => since === undefined || game.gameStartTimestamp >= since)
    .sort(
      (a, b) => b.gameStartTimestamp - a.gameStartTimestamp || b.matchId.localeCompare(a.matchId),
    );
  return {
    items,
    next_cursor:
      ordered.length > next && next <= LEAGUE_GAMES_MAX && lastId !== undefined
        ? encodeCursor([next, lastId])
        : null,
  };
}

/** The position of the page after the cursor's match: after that match wherever it now is. */
function pageStart(ordered: readonly string[], [position, lastId]: readonly [number, string]) {
  const found = ordered.indexOf(lastId);
  return found >= 0 ? found + 1 : position;
}

/** The sequence number of a match id such as EUW1_7234567890. */
const matchNumber = (matchId: string) => Number(/_(\d+)$/.exec(matchId)?.[1] ?? 0);

/**
 * The ids of the newest `needed` ranked games of an account. Always asked 100 at a time from
 * the first, so that every page of the history shares one cached list.
 */
async function rankedMatchIds(
  riot: RiotClient,
  puuid: string,
  needed: number,
  since: number | undefined,
  freshAfter: number | undefined,
): Promise<string[]> {
  const startTime =
    since === undefined
      ? undefined
      : Math.floor(since / 1000 / SINCE_STEP_SECONDS) * SINCE_STEP_SECONDS;
  const ids: string[] = [];
  const limit = Math.min(needed, 2 * LEAGUE_GAMES_MAX);
  while (ids.length < limit) {
    const page = await riot.get({
      host: 'match',
      method: 'match-v5.ids-by-puuid',
      path: `/lol/match/v5/matches/by-puuid/${encodeURIComponent(puuid)}/ids`,
      query: { type: 'ranked', start: ids.length, count: IDS_PER_CALL, startTime },
      schema: matchIdsSchema,
      cacheFor: MATCH_IDS_CACHE_MS,
      freshAfter,
    });
    ids.push(...(page ?? []));
    if (!page || page.length < IDS_PER_CALL) break;
  }
  return ids;
}

function matchDetails(riot: RiotClient, matchId: string): Promise<RiotMatch | null> {
  return riot.get({
    host: 'match',
    method: 'match-v5.match',
    path: `/lol/match/v5/matches/${encodeURIComponent(matchId)}`,
    schema: matchSchema,
    cacheFor: null,
  });
}

/** A match as the League tab shows it; `puuid` is the first of the member's accounts in it. */
export function presentGame(match: RiotMatch, memberPuuids: readonly string[]): LeagueGame {
  const { info } = match;
  const present = new Set(info.participants.map((participant) => participant.puuid));
  return {
    matchId: match.metadata.matchId,
    gameStartTimestamp: info.gameStartTimestamp ?? info.gameCreation ?? 0,
    // Riot: without gameEndTimestamp (before patch 11.20) gameDuration is in milliseconds.
    gameDuration:
      info.gameEndTimestamp === undefined
        ? Math.round(info.gameDuration / 1000)
        : info.gameDuration,
    queueId: info.queueId,
    // Riot marks every line of a remade game; one is enough.
    remake: info.participants.some((participant) => participant.gameEndedInEarlySurrender),
    puuid: memberPuuids.find((puuid) => present.has(puuid)) ?? memberPuuids[0] ?? '',
    participants: info.participants.map(presentParticipant),
  };
}

function presentParticipant(participant: RiotMatchParticipant): LeagueGame['participants'][number] {
  const name =
    participant.riotIdGameName || participant.riotIdName || participant.summonerName || '';
  return {
    puuid: participant.puuid,
    riotId: participant.riotIdTagline ? `${name}#${participant.riotIdTagline}` : name,
    championName: participant.championName,
    championId: participant.championId,
    kills: participant.kills,
    deaths: participant.deaths,
    assists: participant.assists,
    win: participant.win,
    items: [
      participant.item0,
      participant.item1,
      participant.item2,
      participant.item3,
      participant.item4,
      participant.item5,
      participant.item6,
    ],
  };
}
