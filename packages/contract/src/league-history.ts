import { z } from 'zod';
import { calendarDateSchema } from './points.js';

/** The ranked queues whose ranks are kept each day, the main one first. */
export const RANKED_QUEUES = ['RANKED_SOLO_5x5', 'RANKED_FLEX_SR'] as const;
export type RankedQueue = (typeof RANKED_QUEUES)[number];

/** League's tiers, lowest first. */
export const LEAGUE_TIERS = [
  'IRON',
  'BRONZE',
  'SILVER',
  'GOLD',
  'PLATINUM',
  'EMERALD',
  'DIAMOND',
  'MASTER',
  'GRANDMASTER',
  'CHALLENGER',
] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];

/** Tiers without divisions: their players are told apart by League points alone. */
export const APEX_TIERS: readonly LeagueTier[] = ['MASTER', 'GRANDMASTER', 'CHALLENGER'];

/** Divisions, lowest first. */
export const LEAGUE_DIVISIONS = ['IV', 'III', 'II', 'I'] as const;

/**
 * A rank as one number, for drawing: 100 per division and 400 per tier below Master (Iron IV
 * 0 LP is 0, Gold IV 0 LP is 1200), then Master's 0 LP (2800) plus League points, which is
 * how Grandmaster and Challenger are told apart from Master.
 */
export const LEAGUE_TIER_SPAN = 400;
export const APEX_RANK_VALUE = LEAGUE_TIER_SPAN * LEAGUE_TIERS.indexOf('MASTER');

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

/** The rank's number for drawing; tiers Riot may add later count as Iron. */
export function leagueRankValue(rank: {
  tier: string;
  division: string | null;
  leaguePoints: number;
}): number {
  const tier = Math.max(0, LEAGUE_TIERS.indexOf(rank.tier as LeagueTier));
  if (tier * LEAGUE_TIER_SPAN >= APEX_RANK_VALUE) return APEX_RANK_VALUE + rank.leaguePoints;
  const division = Math.max(0, LEAGUE_DIVISIONS.indexOf(rank.division as never));
  return tier * LEAGUE_TIER_SPAN + division * 100 + Math.min(rank.leaguePoints, 100);
}
