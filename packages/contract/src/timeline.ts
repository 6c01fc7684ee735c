import { z } from 'zod';
import { ROLES } from './constants.js';
import { EVENT_TYPES } from './events.js';
import { idSchema } from './ids.js';
import { cursorKeyParts, pageOf, pageQueryFields } from './paging.js';
import { MILESTONE_ICONS } from './points.js';

/*
 * A member's activity timeline (decision 039): read from its sources at each request (the
 * member's arrival, its team roles and portal role, the events it attended, its points, the
 * milestones it reached, its badges, its League rank), newest first, a page at a time. Each line
 * is shown only to a reader who may see its fact.
 */

export const TIMELINE_PAGE_SIZE = 20;

/** Most lines one page holds. */
export const TIMELINE_PAGE_MAX = 50;

/**
 * Paged as every list (decision 061). The cursor's key: the instant of the line before, to the
 * microsecond, and its key (a 24-character id, or two for a milestone reached: season, milestone).
 */
export const timelineQuerySchema = z.strictObject(
  pageQueryFields(z.tuple([cursorKeyParts.instant, z.string().regex(/^(?:[0-9a-f]{24}){1,2}$/)]), {
    defaultLimit: TIMELINE_PAGE_SIZE,
    maxLimit: TIMELINE_PAGE_MAX,
  }),
);

const lineBase = {
  /** Stable and unique within the member's timeline. */
  key: z.string(),
  at: z.iso.datetime(),
};

const change = z.enum(['granted', 'removed']);

export const timelineLineSchema = z.discriminatedUnion('kind', [
  z.object({ ...lineBase, kind: z.literal('joined') }),
  z.object({
    ...lineBase,
    kind: z.literal('team_role'),
    change,
    /** Null once the team is deleted. */
    team_id: idSchema.nullable(),
    /** The team's name now, or as the change recorded it once the team is gone. */
    team: z.string(),
    /** The role's name as the change recorded it. */
    role: z.string(),
  }),
  /** Seen by the member and admins only. */
  z.object({ ...lineBase, kind: z.literal('portal_role'), change, role: z.enum(ROLES) }),
  z.object({
    ...lineBase,
    kind: z.literal('attended'),
    event_id: idSchema,
    occurrence_id: idSchema,
    title: z.string(),
    event_type: z.enum(EVENT_TYPES),
    status: z.enum(['present', 'late']),
    /** What this attendance is worth now: the sum of its ledger lines. */
    points: z.number().int(),
  }),
  z.object({
    ...lineBase,
    kind: z.literal('points'),
    /** Attendance points are on their `attended` line. */
    source: z.enum(['membership', 'league', 'manual']),
    points: z.number().int(),
    /** As the ledger's line: a rule's code for membership and League lines, said by the web. */
    reason: z.string(),
    detail: z.string().nullable(),
  }),
  z.object({
    ...lineBase,
    kind: z.literal('milestone'),
    milestone_id: idSchema,
    name: z.string(),
    icon: z.enum(MILESTONE_ICONS),
    colour: z.string(),
    season: z.object({ _id: idSchema, name: z.string() }),
  }),
  z.object({
    ...lineBase,
    kind: z.literal('badge'),
    badge_id: idSchema,
    name: z.string(),
    icon: z.enum(MILESTONE_ICONS),
    colour: z.string(),
    reason: z.string(),
  }),
  z.object({
    ...lineBase,
    kind: z.literal('league_rank'),
    /** Riot's queue type: RANKED_SOLO_5x5, RANKED_FLEX_SR. */
    queue: z.string(),
    tier: z.string(),
    division: z.string().nullable(),
    change: z.enum(['up', 'down']),
  }),
]);
export type TimelineLine = z.infer<typeof timelineLineSchema>;
export type TimelineKind = TimelineLine['kind'];

/** GET /api/users/{id}/timeline */
export const timelinePageSchema = pageOf(timelineLineSchema);
export type TimelinePage = z.infer<typeof timelinePageSchema>;
