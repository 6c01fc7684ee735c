import { z } from 'zod';
import { LEAGUE_GAMES_MAX, LEAGUE_GAMES_PAGE } from './constants.js';
import { cursorKeyParts, pageOf, pageQueryFields } from './paging.js';

/** One ranked queue of one account. */
export const leagueRankSchema = z.object({
  /** RANKED_SOLO_5x5 or RANKED_FLEX_SR. */
  queueType: z.string(),
  tier: z.string(),
  /** I to IV; empty for master tiers. */
  division: z.string(),
  leaguePoints: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
});
export type LeagueRank = z.infer<typeof leagueRankSchema>;

/** GET /api/ranks/lol/{userId}: one entry per Riot ID of the member. */
export const rankEntrySchema = z.object({
  gameName: z.string(),
  tagLine: z.string(),
  /** The main rank: solo queue, else flex, else null (unranked, or the Riot ID is unresolved). */
  rankData: z.object({ lol: leagueRankSchema.nullable() }),
  /** Every ranked queue of the account (solo and flex). */
  queues: z.array(leagueRankSchema),
  /** When Riot gave these ranks (epoch milliseconds); null when the Riot ID is unresolved. */
  fetchedAt: z.number().int().nullable(),
});
export type RankEntry = z.infer<typeof rankEntrySchema>;
export const rankEntriesSchema = z.array(rankEntrySchema);

export const leagueParticipantSchema = z.object({
  puuid: z.string(),
  /** gameName#tagLine. */
  riotId: z.string(),
  /** Riot's internal name (`MonkeyKing`, `FiddleSticks`): shown only for a champion unknown yet. */
  championName: z.string(),
  /** The champion's key, Data Dragon's champion.json `key`: its display name and picture. */
  championId: z.number().int(),
  kills: z.number().int(),
  deaths: z.number().int(),
  assists: z.number().int(),
  win: z.boolean(),
  /** The seven item slots; 0 is an empty slot. */
  items: z.array(z.number().int()).length(7),
});

/** A game of the member: `puuid` is the member's account in it. */
export const leagueGameSchema = z.object({
  matchId: z.string(),
  gameStartTimestamp: z.number(),
  /** Seconds. */
  gameDuration: z.number(),
  queueId: z.number().int(),
  /** Ended by an early surrender (a remake): neither won nor lost, left out of the statistics. */
  remake: z.boolean(),
  puuid: z.string(),
  participants: z.array(leagueParticipantSchema),
});
export type LeagueGame = z.infer<typeof leagueGameSchema>;

/**
 * GET /api/games/lol/{userId}: ranked games newest first, across the member's Riot IDs, a page at
 * a time (decision 061). Riot's match list can only be read by position, so the cursor's key is a
 * position in the member's list (at most LEAGUE_GAMES_MAX) and the match id shown last there: a
 * game played between two pages shifts the list, and the next page starts after that match
 * wherever it now is.
 */
export const leagueGamesQuerySchema = z.strictObject({
  ...pageQueryFields(
    z.tuple([
      cursorKeyParts.position.max(LEAGUE_GAMES_MAX),
      z.string().regex(/^[A-Z0-9]{1,10}_\d{1,20}$/),
    ]),
    { defaultLimit: LEAGUE_GAMES_PAGE, maxLimit: LEAGUE_GAMES_MAX },
  ),
  /** Only games started at or after this time (epoch milliseconds). */
  since: z.coerce.number().int().min(0).optional(),
});

export const leagueGamesPageSchema = pageOf(leagueGameSchema);
export type LeagueGamesPage = z.infer<typeof leagueGamesPageSchema>;

/** POST /api/refresh/lol/{userId}: the member's League data is fetched again from Riot. */
export const leagueRefreshSchema = z.object({
  /** Epoch milliseconds. */
  refreshedAt: z.number().int(),
  /** The next forced refresh of this member's data is possible from then (epoch milliseconds). */
  nextRefreshAt: z.number().int(),
});
export type LeagueRefresh = z.infer<typeof leagueRefreshSchema>;

/** One champion of Data Dragon, by match-v5's `championId`. */
export const leagueChampionSchema = z.object({
  key: z.number().int(),
  /** Its picture's name: `/api/league/assets/champion/{id}.png`. `MonkeyKing`, `Fiddlesticks`. */
  id: z.string(),
  /** Its display name in each language: `Wukong`, `Dr. Mundo`, `K'Santé`. */
  name: z.object({ fr: z.string(), en: z.string() }),
});
export type LeagueChampion = z.infer<typeof leagueChampionSchema>;

/**
 * GET /api/league/champions: the champions of the current Data Dragon version, fetched and kept
 * by the server. `version` null and no champions when Data Dragon was never reached.
 */
export const leagueChampionsSchema = z.object({
  version: z.string().nullable(),
  champions: z.array(leagueChampionSchema),
});
export type LeagueChampions = z.infer<typeof leagueChampionsSchema>;

/** GET /api/league/assets/champion/{file}: `MonkeyKing.png`. */
export const championPictureParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9]{1,40}\.png$/, 'is not a champion picture'),
});
/** GET /api/league/assets/item/{file}: `3031.png`. */
export const itemPictureParamsSchema = z.object({
  file: z.string().regex(/^\d{1,6}\.png$/, 'is not an item picture'),
});
/** `v`: the Data Dragon version, so that a new version makes new addresses for browser caches. */
export const leaguePictureQuerySchema = z.strictObject({
  v: z
    .string()
    .regex(/^\d+(\.\d+){1,3}$/)
    .optional(),
});
