import { z } from 'zod';
import { RANKED_QUEUES } from './constants.js';
import { calendarDateSchema } from './points.js';

/** GET /api/users/{id}/league/history. */
export const LEAGUE_HISTORY_DAYS_DEFAULT = 90;
export const LEAGUE_HISTORY_DAYS_MAX = 366;

export const leagueHistoryQuerySchema = z.strictObject({
  queue: z.enum(RANKED_QUEUES).default('RANKED_SOLO_5x5'),
  /** The days before today (today included) whose snapshots are read. */
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEAGUE_HISTORY_DAYS_MAX)
    .default(LEAGUE_HISTORY_DAYS_DEFAULT),
});
export type LeagueHistoryQuery = z.infer<typeof leagueHistoryQuerySchema>;

/** One account's rank in the queue on one day, as the daily snapshot took it. */
export const leagueSnapshotSchema = z.object({
  /** The organisation's calendar day. */
  day: calendarDateSchema,
  puuid: z.string(),
  /** gameName#tagLine as Riot spells it now; empty when the account is no longer known. */
  riotId: z.string(),
  tier: z.string(),
  /** I to IV; empty for the tiers above Diamond. */
  division: z.string(),
  leaguePoints: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** The rank as one number (see LEAGUE_TIER_SPAN): the height of the day on the chart. */
  value: z.number().int(),
});
export type LeagueSnapshot = z.infer<typeof leagueSnapshotSchema>;

/** The member's snapshots of one queue, oldest first, every account together. */
export const leagueHistorySchema = z.object({
  queue: z.enum(RANKED_QUEUES),
  snapshots: z.array(leagueSnapshotSchema),
});
export type LeagueHistory = z.infer<typeof leagueHistorySchema>;
