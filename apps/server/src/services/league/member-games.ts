import {
  encodeCursor,
  LEAGUE_GAMES_MAX,
  type LeagueGame,
  type LeagueGamesPage,
} from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { RiotClient } from '../../integrations/riot/client.js';
import type { RiotMatch, RiotMatchParticipant } from '../../integrations/riot/dto.js';
import { findUser } from '../users/find-user.js';
import { readForcedRefresh } from './forced-refresh.js';
import { memberRiotAccounts } from '../../integrations/riot/riot-accounts.js';
import {
  gameStart,
  IDS_PER_CALL,
  LEAGUE_REFRESH_PERIOD_MS,
  matchIdsRequest,
  matchRequest,
} from './league-requests.js';
import { queueLeagueRefresh } from './queue-league-refresh.js';

/** Match details read from the cache at once while looking for where `since` falls. */
const SINCE_CHUNK = 10;

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
 *
 * The lists and games are those the warm job keeps (decision 066): a list older than
 * LEAGUE_REFRESH_PERIOD_MS is shown all the same and its refresh queued; Riot is asked now only
 * for what was never fetched.
 */
export async function getMemberGames(
  db: Db,
  riot: RiotClient,
  userId: string,
  query: GamesQuery,
  now = Date.now(),
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
  const stale: string[] = [];
  const known = new Map<string, RiotMatch>();
  const lists = await Promise.all(
    puuids.map(async (puuid) => {
      // Since a time: the newest list, cut where the account's games get older than `since`.
      const { ids, fetchedAt } = await rankedMatchIds(
        riot,
        puuid,
        since === undefined ? needed : IDS_PER_CALL,
        freshAfter,
      );
      if (fetchedAt < now - LEAGUE_REFRESH_PERIOD_MS) stale.push(puuid);
      if (since === undefined) return ids;
      const games = await gamesSince(riot, ids, since);
      for (const game of games) known.set(game.metadata.matchId, game);
      return games.map((game) => game.metadata.matchId);
    }),
  );
  await queueLeagueRefresh({ db, riot, puuids: stale, now });
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
  const matches = await Promise.all(
    wanted.map((matchId) => known.get(matchId) ?? riot.get(matchRequest(matchId))),
  );
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
 * The ids of the newest `needed` ranked games of an account, and when Riot gave them (the oldest
 * page's time). Always asked 100 at a time from the first, so that every page of the history and
 * the statistics window share the lists the warm job keeps.
 */
async function rankedMatchIds(
  riot: RiotClient,
  puuid: string,
  needed: number,
  freshAfter: number | undefined,
): Promise<{ ids: string[]; fetchedAt: number }> {
  const ids: string[] = [];
  let fetchedAt = Infinity;
  const limit = Math.min(needed, 2 * LEAGUE_GAMES_MAX);
  while (ids.length < limit) {
    const page = await riot.getTimed(matchIdsRequest(puuid, ids.length, { freshAfter }));
    fetchedAt = Math.min(fetchedAt, page.fetchedAt);
    ids.push(...(page.value ?? []));
    if (!page.value || page.value.length < IDS_PER_CALL) break;
  }
  return { ids, fetchedAt };
}

/**
 * The games of one account's list (newest first) started at or after `since`: walked from the
 * newest, a few kept details at a time, to the first older game. What the warm job has not kept
 * is asked of Riot, a chunk at once.
 */
async function gamesSince(
  riot: RiotClient,
  ids: readonly string[],
  since: number,
): Promise<RiotMatch[]> {
  const games: RiotMatch[] = [];
  for (let from = 0; from < ids.length; from += SINCE_CHUNK) {
    const chunk = ids.slice(from, from + SINCE_CHUNK);
    const kept = await Promise.all(chunk.map((matchId) => riot.peek(matchRequest(matchId))));
    // Before the first game missing, the kept ones may already reach past `since`.
    const firstMissing = kept.findIndex((answer) => answer === undefined);
    const reachesPast = kept
      .slice(0, firstMissing < 0 ? chunk.length : firstMissing)
      .some((answer) => answer?.value && gameStart(answer.value) < since);
    const matches = reachesPast
      ? kept.map((answer) => answer?.value ?? null)
      : await Promise.all(
          chunk.map((matchId, index) => kept[index]?.value ?? riot.get(matchRequest(matchId))),
        );
    for (const match of matches) {
      if (!match) continue;
      if (gameStart(match) < since) return games;
      games.push(match);
    }
  }
  return games;
}

/** A match as the League tab shows it; `puuid` is the first of the member's accounts in it. */
export function presentGame(match: RiotMatch, memberPuuids: readonly string[]): LeagueGame {
  const { info } = match;
  const present = new Set(info.participants.map((participant) => participant.puuid));
  return {
    matchId: match.metadata.matchId,
    gameStartTimestamp: gameStart(match),
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
