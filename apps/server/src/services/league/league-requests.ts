import type { RiotRequest } from '../../integrations/riot/client.js';
import {
  leagueEntriesSchema,
  matchIdsSchema,
  matchSchema,
  type RiotLeagueEntry,
  type RiotMatch,
} from '../../integrations/riot/dto.js';

/*
 * The three calls that make a member's League tab (decision 066), one address each, so that the
 * background job that keeps them warm and the views that read them share their cached answers.
 */

/**
 * League data older than this is stale: a view still shows it at once, with its age, and
 * queues a refresh. The job keeps every linked account within it while the key allows.
 */
export const LEAGUE_REFRESH_PERIOD_MS = 60 * 60_000;

/**
 * Ranks and game lists are kept this long after Riot gave them: the job replaces them long
 * before. Without the job (switched off, no key for days), a view past this asks Riot itself.
 */
export const LEAGUE_KEEP_MS = 7 * 24 * 3_600_000;

/** match-v5 answers at most 100 ids per call. */
export const IDS_PER_CALL = 100;

interface Freshness {
  /** A cached answer older than this (epoch ms) is not used. */
  freshAfter?: number | undefined;
  /** The background's share of the rate limits (client.ts). */
  background?: boolean;
}

/** league-v4: the ranked entries of an account. */
export function ranksRequest(
  puuid: string,
  { freshAfter, background }: Freshness = {},
): RiotRequest<RiotLeagueEntry[]> {
  return {
    host: 'platform',
    method: 'league-v4.entries-by-puuid',
    path: `/lol/league/v4/entries/by-puuid/${encodeURIComponent(puuid)}`,
    schema: leagueEntriesSchema,
    cacheFor: LEAGUE_KEEP_MS,
    freshAfter,
    background,
  };
}

/**
 * match-v5: ranked match ids of an account, newest first, `IDS_PER_CALL` from `start`. No time
 * filter in the address: one cached list serves the history and the statistics window alike.
 */
export function matchIdsRequest(
  puuid: string,
  start: number,
  { freshAfter, background }: Freshness = {},
): RiotRequest<string[]> {
  return {
    host: 'match',
    method: 'match-v5.ids-by-puuid',
    path: `/lol/match/v5/matches/by-puuid/${encodeURIComponent(puuid)}/ids`,
    query: { type: 'ranked', start, count: IDS_PER_CALL },
    schema: matchIdsSchema,
    cacheFor: LEAGUE_KEEP_MS,
    freshAfter,
    background,
  };
}

/** match-v5: one match; a finished game never changes, so it is kept for ever. */
export function matchRequest(
  matchId: string,
  { background }: Pick<Freshness, 'background'> = {},
): RiotRequest<RiotMatch> {
  return {
    host: 'match',
    method: 'match-v5.match',
    path: `/lol/match/v5/matches/${encodeURIComponent(matchId)}`,
    schema: matchSchema,
    cacheFor: null,
    background,
  };
}

/** When the game started (epoch ms), whichever field Riot gave. */
export const gameStart = (match: RiotMatch): number =>
  match.info.gameStartTimestamp ?? match.info.gameCreation ?? 0;

/** When the job last refreshed an account (epoch ms): kept in the Riot cache, as `{ at }`. */
export const FRESH_MARKER = 'league-fresh:v1:';
/** When a view found an account's data stale and queued its refresh (epoch ms), as `{ at }`. */
export const VIEWED_MARKER = 'league-viewed:v1:';
