import { z } from 'zod';

/**
 * The parts of Riot's answers Guildhall reads, after Riot's documented shapes. Unknown fields are
 * dropped (what is cached stays small) and fields Riot may leave out get defaults, so an answer
 * of an older or newer game version still parses. Parsing a parsed value gives it back unchanged:
 * the cache stores the parsed value and reads it back through the same schema.
 */

/** account-v1 AccountDto. gameName and tagLine are absent for accounts without a Riot ID. */
export const accountSchema = z.object({
  puuid: z.string().min(1),
  gameName: z.string().optional(),
  tagLine: z.string().optional(),
});
export type RiotAccount = z.infer<typeof accountSchema>;

/** league-v4 LeagueEntryDTO: `rank` is the division (I to IV). */
export const leagueEntrySchema = z.object({
  queueType: z.string(),
  tier: z.string().default(''),
  rank: z.string().default(''),
  leaguePoints: z.number().int().default(0),
  wins: z.number().int().default(0),
  losses: z.number().int().default(0),
});
export const leagueEntriesSchema = z.array(leagueEntrySchema);
export type RiotLeagueEntry = z.infer<typeof leagueEntrySchema>;

/** match-v5 match ids, newest first. */
export const matchIdsSchema = z.array(z.string());

const count = z.number().int().default(0);

/** match-v5 ParticipantDto, the fields a game card shows. */
export const matchParticipantSchema = z.object({
  puuid: z.string(),
  riotIdGameName: z.string().optional(),
  riotIdTagline: z.string().optional(),
  /** Before Riot IDs (2023). */
  riotIdName: z.string().optional(),
  summonerName: z.string().optional(),
  championName: z.string().default(''),
  /** The champion's key (Data Dragon's champion.json `key`); its name and picture go by it. */
  championId: count,
  /** A remake: the game ended by an early surrender (absent from games before 2021). */
  gameEndedInEarlySurrender: z.boolean().default(false),
  kills: count,
  deaths: count,
  assists: count,
  win: z.boolean().default(false),
  item0: count,
  item1: count,
  item2: count,
  item3: count,
  item4: count,
  item5: count,
  item6: count,
});
export type RiotMatchParticipant = z.infer<typeof matchParticipantSchema>;

/** match-v5 MatchDto. */
export const matchSchema = z.object({
  metadata: z.object({
    matchId: z.string(),
    participants: z.array(z.string()).default([]),
  }),
  info: z.object({
    gameCreation: z.number().optional(),
    gameStartTimestamp: z.number().optional(),
    /** Its presence says gameDuration is in seconds (patch 11.20 and later), else milliseconds. */
    gameEndTimestamp: z.number().optional(),
    gameDuration: z.number().default(0),
    queueId: z.number().int().default(0),
    participants: z.array(matchParticipantSchema).default([]),
  }),
});
export type RiotMatch = z.infer<typeof matchSchema>;
