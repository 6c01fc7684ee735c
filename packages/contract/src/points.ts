import { z } from 'zod';
import type { AttendanceStatus } from './constants.js';
import type { EventType } from './events.js';
import { idSchema } from './ids.js';
import { cursorKeyParts, pageOf, pageQueryFields } from './paging.js';

/*
 * Points and seasons (decision 038): an append-only ledger, each line of one season; a member's
 * total of a season is the sum of its lines, and the ranking card shows it with the member's place
 * and the next milestone.
 */

/**
 * Where a ledger line comes from: a rule applied to a source (attendance at events, membership:
 * seniority and adhesion, League of Legends progress), or an award by hand.
 */
export const POINT_SOURCES = ['attendance', 'membership', 'league', 'manual'] as const;
export type PointSource = (typeof POINT_SOURCES)[number];

export const SEASON_NAME_MAX_LENGTH = 60;
export const POINTS_REASON_MAX_LENGTH = 200;
/** The most points one line or one rule gives or takes. */
export const POINTS_PER_LINE_MAX = 10_000;
export const MILESTONE_NAME_MAX_LENGTH = 40;
export const MILESTONE_THRESHOLD_MAX = 1_000_000;
export const MILESTONES_MAX = 30;
export const LEDGER_PAGE_MAX = 100;
/** The highest season limit an admin may set on a team manager's awards. */
export const POINTS_MANAGER_LIMIT_MAX = 100_000;

/** The icons a milestone may show (the web draws each from its one icon set). */
export const MILESTONE_ICONS = [
  'trophy',
  'medal',
  'star',
  'crown',
  'flame',
  'shield',
  'gem',
] as const;
export type MilestoneIcon = (typeof MILESTONE_ICONS)[number];

const isCalendarDate = (text: string): boolean => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/** A calendar date written YYYY-MM-DD, in the organisation's time zone. */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isCalendarDate, 'must be a real date');

const pointsSchema = z.number().int().min(-POINTS_PER_LINE_MAX).max(POINTS_PER_LINE_MAX);

/** POST /api/seasons and PUT /api/seasons/{id}: both dates are days of the season. */
export const seasonBodySchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(SEASON_NAME_MAX_LENGTH),
    starts_on: calendarDateSchema,
    ends_on: calendarDateSchema,
  })
  .refine((season) => season.ends_on >= season.starts_on, {
    path: ['ends_on'],
    message: 'must not be before the start',
  });
export type SeasonBody = z.input<typeof seasonBodySchema>;

export const seasonSchema = z.object({
  _id: idSchema,
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** Whether today, in the organisation's time zone, is one of its days. */
  current: z.boolean(),
});
export type Season = z.infer<typeof seasonSchema>;

export const seasonsSchema = z.object({ seasons: z.array(seasonSchema) });

/** The points each attendance mark gives, by event type and mark: what admins set. */
const pointsByMark = z.object({
  present: pointsSchema,
  late: pointsSchema,
  excused: pointsSchema,
  absent: pointsSchema,
} satisfies Record<AttendanceStatus, typeof pointsSchema>);
export const pointRulesSchema = z.object({
  attendance: z.object({
    training: pointsByMark,
    scrim: pointsByMark,
    match: pointsByMark,
    meeting: pointsByMark,
    other: pointsByMark,
  } satisfies Record<EventType, typeof pointsByMark>),
  /** Membership: each year since the member joined; the adhesion paid in a season. */
  membership: z.object({ seniority: pointsSchema, adhesion: pointsSchema }),
  /** League of Legends, from the daily snapshots: each new division, and each new tier, reached. */
  league: z.object({ division: pointsSchema, tier: pointsSchema }),
  /** The points one team manager may give by hand in a season; 0: managers give none. */
  managers: z.object({ season_limit: z.number().int().min(0).max(POINTS_MANAGER_LIMIT_MAX) }),
});
export type PointRules = z.infer<typeof pointRulesSchema>;

/** POST /api/points/awards: points given or taken by hand, with why. */
export const pointsAwardBodySchema = z.object({
  user_id: idSchema,
  points: pointsSchema.refine((points) => points !== 0, 'must not be zero'),
  reason: z.string().trim().min(1, 'is required').max(POINTS_REASON_MAX_LENGTH),
});
export type PointsAwardBody = z.input<typeof pointsAwardBodySchema>;

const ledgerMemberSchema = z.object({ _id: idSchema, pseudo: z.string() });

/** One line of the ledger. */
export const ledgerLineSchema = z.object({
  _id: idSchema,
  member: ledgerMemberSchema,
  season_id: idSchema,
  points: z.number().int(),
  source: z.enum(POINT_SOURCES),
  /** Manual lines: why, as written; attendance: the event's title. */
  reason: z.string(),
  /** Attendance: the mark (`present`...). */
  detail: z.string().nullable(),
  /** Who granted it; null for the rules' lines, or when that member is gone. */
  granted_by: ledgerMemberSchema.nullable(),
  created_at: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

/** GET /api/points/ledger (admins): newest first, filtered, paged by a cursor. */
export const ledgerQuerySchema = z.strictObject({
  season: idSchema.optional(),
  member: idSchema.optional(),
  source: z.enum(POINT_SOURCES).optional(),
  /** Paged as every list (decision 061); the cursor's key: the line's instant and id. */
  ...pageQueryFields(z.tuple([cursorKeyParts.instant, cursorKeyParts.id]), {
    defaultLimit: 50,
    maxLimit: LEDGER_PAGE_MAX,
  }),
});

export const ledgerPageSchema = pageOf(ledgerLineSchema);
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** POST /api/milestones and PUT /api/milestones/{id}: a threshold of a season's points. */
export const milestoneBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(MILESTONE_NAME_MAX_LENGTH),
  threshold: z.number().int().min(1).max(MILESTONE_THRESHOLD_MAX),
  icon: z.enum(MILESTONE_ICONS),
  colour: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a colour written #rrggbb'),
});
export type MilestoneBody = z.input<typeof milestoneBodySchema>;

export const milestoneSchema = z.object({
  _id: idSchema,
  name: z.string(),
  threshold: z.number().int(),
  icon: z.enum(MILESTONE_ICONS),
  colour: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const milestonesSchema = z.object({ milestones: z.array(milestoneSchema) });

/** GET /api/points/me: the ranking card. */
export const pointsSummarySchema = z.object({
  /** The current season; null when none covers today (the card says so). */
  season: seasonSchema.nullable(),
  points: z.number().int(),
  /**
   * 1 for the most points; members with equal totals share a place, as on the leaderboard; null
   * without a season, or when the member has no line in it (not ranked yet, decision 046).
   */
  place: z.number().int().nullable(),
  /** How many members have a line this season: the leaderboard's total; never below `place`. */
  ranked: z.number().int(),
  /** The highest milestone reached this season, and the next one. */
  reached: milestoneSchema.nullable(),
  next: milestoneSchema.nullable(),
  /** The member's place in each of its teams, among that team's members with points. */
  teams: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      /** Null when the member has no points this season (or there is no season). */
      place: z.number().int().nullable(),
      /** How many of the team's members have points this season. */
      ranked: z.number().int(),
    }),
  ),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

export const LEADERBOARD_PAGE_SIZE = 50;
/** Most lines one page of the leaderboard holds. */
export const LEADERBOARD_PAGE_MAX = 100;

/**
 * GET /api/points/leaderboard: a season's ranking (the current one by default), or a team's, a
 * page at a time (decision 061). The cursor's key: the total and the member of the line before,
 * in the ranking's order (the highest total first, then the member's id).
 */
export const leaderboardQuerySchema = z.strictObject({
  season: idSchema.optional(),
  team: idSchema.optional(),
  ...pageQueryFields(
    z.tuple([
      z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
      cursorKeyParts.id,
    ]),
    { defaultLimit: LEADERBOARD_PAGE_SIZE, maxLimit: LEADERBOARD_PAGE_MAX },
  ),
});

export const leaderboardEntrySchema = z.object({
  /** 1 for the most points; equal totals share a place. */
  place: z.number().int(),
  /** Named by pseudo only (decision 049); the picture Guildhall keeps from Discord, if any. */
  member: z.object({
    _id: idSchema,
    pseudo: z.string(),
    discord_avatar_url: z.string().nullable(),
  }),
  points: z.number().int(),
  /**
   * The highest milestone this total reaches, as the ranking card's `reached`; null below the
   * first (decision 054).
   */
  milestone: milestoneSchema.nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/**
 * A page of the ranking: its lines as every page (`items`, `next_cursor`), and beside them what
 * each page says of the whole ranking: its season, its size and the caller's own line.
 */
export const leaderboardSchema = pageOf(leaderboardEntrySchema).extend({
  /** Null when no season is under way and none was asked for. */
  season: seasonSchema.nullable(),
  /** How many members have points in this ranking. */
  total: z.number().int(),
  /** The caller's own line, wherever it is; null when it has no points in this ranking. */
  me: leaderboardEntrySchema.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/*
 * Membership points, team managers' awards, the ledger's CSV and the recompute (decision 040).
 */

/** POST /api/teams/{id}/points/awards: points a team's manager gives a member of the team. */
export const teamPointsAwardBodySchema = z.object({
  user_id: idSchema,
  points: z.number().int().min(1).max(POINTS_PER_LINE_MAX),
  reason: z.string().trim().min(1, 'is required').max(POINTS_REASON_MAX_LENGTH),
});
export type TeamPointsAwardBody = z.input<typeof teamPointsAwardBodySchema>;

/** GET /api/teams/{id}/points/budget: what the calling manager may still give this season. */
export const managerBudgetSchema = z.object({
  /** The rule `managers.season_limit`; 0: managers give none. */
  limit: z.number().int(),
  /** Given this season by the caller as a manager, whatever the team. */
  given: z.number().int(),
  /** 0 when no season is under way. */
  remaining: z.number().int(),
});
export type ManagerBudget = z.infer<typeof managerBudgetSchema>;

/** GET /api/points/ledger.csv: the ledger's filters, every matching line. */
export const ledgerCsvQuerySchema = z.strictObject({
  season: idSchema.optional(),
  member: idSchema.optional(),
  source: z.enum(POINT_SOURCES).optional(),
});
export type LedgerCsvQuery = z.infer<typeof ledgerCsvQuerySchema>;

export const LEDGER_CSV_COLUMNS = [
  'date',
  'member',
  'season',
  'points',
  'source',
  'reason',
  'detail',
  'granted_by',
] as const;

/** POST /api/points/recompute: how many correction lines the rules wrote. */
export const recomputeReportSchema = z.object({ written: z.number().int() });
export type RecomputeReport = z.infer<typeof recomputeReportSchema>;
