import { z } from 'zod';
import { ATTENDANCE_STATUSES, RSVP_ANSWERS } from './constants.js';
import { idSchema } from './ids.js';
import { cursorKeyParts, pageOf, pageQueryFields } from './paging.js';
import { isTimeZone } from './time-zones.js';

/*
 * Events (decision 037): trainings, scrims, matches and meetings, for an audience, with answers
 * ("RSVP") and a waiting list when seats are counted. An event is a series; each of its
 * occurrences has its own times, answers and attendance. A one-off event is a series of one.
 */

export const EVENT_TYPES = ['training', 'scrim', 'match', 'meeting', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The types with an opponent. */
export const EVENT_TYPES_WITH_OPPONENT: readonly EventType[] = ['scrim', 'match'];

/** Who is invited: every member, the members of some teams, or the holders of some team roles. */
export const EVENT_AUDIENCE_KINDS = ['organization', 'teams', 'roles'] as const;
export type EventAudienceKind = (typeof EVENT_AUDIENCE_KINDS)[number];

/** The most occurrences a recurring event may have (a longer rule is a 400). */
export const EVENT_OCCURRENCES_MAX = 500;
export const RECURRENCE_RULE_MAX_LENGTH = 500;

export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_DESCRIPTION_MAX_LENGTH = 5000;
export const EVENT_LOCATION_MAX_LENGTH = 300;
export const EVENT_OPPONENT_MAX_LENGTH = 120;
export const EVENT_CAPACITY_MAX = 10_000;
export const EVENT_AUDIENCE_MAX = 50;
export const RSVP_COMMENT_MAX_LENGTH = 280;
/** GET /api/events: the most occurrences one page lists (the next page follows by its cursor). */
export const EVENT_LIST_MAX = 200;

const instantSchema = z.iso.datetime({ offset: true, message: 'must be a date and time' });

export const eventAudienceBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('organization') }),
  z.strictObject({
    kind: z.literal('teams'),
    team_ids: z
      .array(idSchema)
      .min(1)
      .max(EVENT_AUDIENCE_MAX)
      .transform((ids) => [...new Set(ids)]),
  }),
  z.strictObject({
    kind: z.literal('roles'),
    role_ids: z
      .array(idSchema)
      .min(1)
      .max(EVENT_AUDIENCE_MAX)
      .transform((ids) => [...new Set(ids)]),
  }),
]);
export type EventAudienceBody = z.output<typeof eventAudienceBodySchema>;

/**
 * A recurrence: an RFC 5545 rule (`FREQ=WEEKLY;BYDAY=TU;UNTIL=20270630T215959Z`, no DTSTART: the
 * event's start is the first), with the starts it skips. Its occurrences keep the start's
 * wall-clock time in the event's time zone.
 */
export const recurrenceSchema = z.object({
  rule: z.string().trim().min(1, 'is required').max(RECURRENCE_RULE_MAX_LENGTH),
  /** Starts left out of the series (EXDATE), as instants. */
  exceptions: z.array(instantSchema).max(EVENT_OCCURRENCES_MAX).default([]),
});
export type Recurrence = z.output<typeof recurrenceSchema>;

/** POST /api/events and PUT /api/events/{id}. */
export const eventBodySchema = z
  .object({
    title: z.string().trim().min(1, 'is required').max(EVENT_TITLE_MAX_LENGTH),
    type: z.enum(EVENT_TYPES),
    /** Markdown, rendered and sanitized by the server as alert messages are. */
    description: z.string().trim().max(EVENT_DESCRIPTION_MAX_LENGTH).default(''),
    starts_at: instantSchema,
    ends_at: instantSchema,
    /** Left out: the organisation's. */
    time_zone: z.string().refine(isTimeZone, 'must be a time zone').optional(),
    location: z.string().trim().max(EVENT_LOCATION_MAX_LENGTH).default(''),
    opponent: z
      .string()
      .trim()
      .max(EVENT_OPPONENT_MAX_LENGTH)
      .nullish()
      .transform((value) => value || null),
    audience: eventAudienceBodySchema,
    capacity: z.number().int().min(1).max(EVENT_CAPACITY_MAX).nullish().default(null),
    /**
     * Answers close then; null: at the start. For a recurring event, each occurrence closes as
     * long before its start as this is before the first.
     */
    rsvp_deadline: instantSchema.nullish().default(null),
    /** Null: a one-off event. */
    recurrence: recurrenceSchema.nullish().default(null),
  })
  .superRefine((event, ctx) => {
    const start = Date.parse(event.starts_at);
    if (Date.parse(event.ends_at) <= start) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
    }
    if (event.rsvp_deadline && Date.parse(event.rsvp_deadline) > start) {
      ctx.addIssue({
        code: 'custom',
        path: ['rsvp_deadline'],
        message: 'must not be after the start',
      });
    }
    if (event.opponent && !EVENT_TYPES_WITH_OPPONENT.includes(event.type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['opponent'],
        message: 'is only for scrims and matches',
      });
    }
  });
export type EventBody = z.input<typeof eventBodySchema>;
export type EventFields = z.output<typeof eventBodySchema>;

/** The audience as screens show it: the teams and roles by name. */
export const eventAudienceSchema = z.object({
  kind: z.enum(EVENT_AUDIENCE_KINDS),
  teams: z.array(z.object({ _id: idSchema, name: z.string() })),
  roles: z.array(
    z.object({ _id: idSchema, name: z.string(), team_id: idSchema, team_name: z.string() }),
  ),
});
export type EventAudience = z.infer<typeof eventAudienceSchema>;

/** A member as an answer lists it. */
const eventMemberSchema = z.object({ _id: idSchema, pseudo: z.string() });

export const rsvpCountsSchema = z.object({
  going: z.number().int(),
  maybe: z.number().int(),
  not_going: z.number().int(),
  /** "Going" answers waiting for a seat. */
  waitlisted: z.number().int(),
});
export type RsvpCounts = z.infer<typeof rsvpCountsSchema>;

/** The caller's own answer. */
export const myRsvpSchema = z.object({
  answer: z.enum(RSVP_ANSWERS),
  comment: z.string(),
  waitlisted: z.boolean(),
});
export type MyRsvp = z.infer<typeof myRsvpSchema>;

/** One occurrence of an event, as lists show it. */
export const eventOccurrenceSchema = z.object({
  _id: idSchema,
  event_id: idSchema,
  title: z.string(),
  type: z.enum(EVENT_TYPES),
  location: z.string(),
  opponent: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  /** When answers close (the start when none was set). */
  rsvp_deadline: z.string(),
  cancelled: z.boolean(),
  capacity: z.number().int().nullable(),
  counts: rsvpCountsSchema,
  my_rsvp: myRsvpSchema.nullable(),
  /** Whether the caller is among those invited: only they answer (a manager may not be). */
  invited: z.boolean(),
  /** Whether the caller may edit the event and see every answer. */
  can_manage: z.boolean(),
});
export type EventOccurrence = z.infer<typeof eventOccurrenceSchema>;

/** GET /api/events: soonest first, paged as every list (decision 061). */
export const eventOccurrencesSchema = pageOf(eventOccurrenceSchema);

/** GET /api/events. */
export const eventsQuerySchema = z.strictObject({
  /** From this instant (default: now); occurrences that have not ended by then are listed. */
  from: instantSchema.optional(),
  /** Up to this instant (exclusive), for a calendar's month or week. */
  to: instantSchema.optional(),
  /** The cursor's key: the occurrence's start and id. */
  ...pageQueryFields(z.tuple([cursorKeyParts.instant, cursorKeyParts.id]), {
    defaultLimit: 50,
    maxLimit: EVENT_LIST_MAX,
  }),
  /** Only the occurrences whose audience names this team or one of its roles (not the organisation's). */
  team: idSchema.optional(),
});

/** An answer as managers see it. */
export const rsvpSchema = z.object({
  member: eventMemberSchema,
  answer: z.enum(RSVP_ANSWERS),
  comment: z.string(),
  waitlisted: z.boolean(),
  answered_at: z.string(),
});
export type Rsvp = z.infer<typeof rsvpSchema>;

/** GET /api/event-occurrences/{id}: the event page. */
export const eventOccurrenceDetailSchema = eventOccurrenceSchema.extend({
  /** Rendered from the Markdown and sanitized by the server: HTML to show. */
  description: z.string(),
  audience: eventAudienceSchema,
  /** Who is coming (seated "going" answers), for every invited member. */
  going: z.array(eventMemberSchema),
  /** Managers only: every answer with its comment, and who has not answered (the first ones). */
  answers: z.array(rsvpSchema).nullable(),
  unanswered: z.object({ count: z.number().int(), members: z.array(eventMemberSchema) }).nullable(),
  /**
   * Managers only: how many Discord channels a reminder of it is posted to (its teams' webhooks
   * that are set, or the announcements' for the organisation's events); 0: none, so a reminder
   * now would be refused (409 `discord_webhook_not_configured`).
   */
  reminder_channels: z.number().int().nullable(),
});
export type EventOccurrenceDetail = z.infer<typeof eventOccurrenceDetailSchema>;

/** An event (the series), for its edit form. */
export const eventSchema = z.object({
  _id: idSchema,
  title: z.string(),
  type: z.enum(EVENT_TYPES),
  /** Rendered and sanitized HTML, and the Markdown it was rendered from, for the form. */
  description: z.string(),
  description_markdown: z.string(),
  time_zone: z.string(),
  location: z.string(),
  opponent: z.string().nullable(),
  audience: eventAudienceSchema,
  capacity: z.number().int().nullable(),
  recurrence: z.object({ rule: z.string(), exceptions: z.array(z.string()) }).nullable(),
  /** The first start and end, and the deadline as the form sets it. */
  starts_at: z.string(),
  ends_at: z.string(),
  rsvp_deadline: z.string().nullable(),
  occurrences: z.array(
    z.object({
      _id: idSchema,
      starts_at: z.string(),
      ends_at: z.string(),
      rsvp_deadline: z.string().nullable(),
      cancelled: z.boolean(),
      /** Moved by hand away from the rule's time. */
      moved: z.boolean(),
    }),
  ),
  can_manage: z.boolean(),
});
export type Event = z.infer<typeof eventSchema>;

/** PUT /api/event-occurrences/{id}/rsvp. */
export const rsvpBodySchema = z.object({
  answer: z.enum(RSVP_ANSWERS),
  comment: z.string().trim().max(RSVP_COMMENT_MAX_LENGTH).default(''),
});
export type RsvpBody = z.input<typeof rsvpBodySchema>;

/**
 * PATCH /api/event-occurrences/{id}: one occurrence cancelled (or restored) or moved, an exception
 * to its series that later edits of the series keep.
 */
export const occurrencePatchSchema = z
  .object({
    cancelled: z.boolean().optional(),
    starts_at: instantSchema.optional(),
    ends_at: instantSchema.optional(),
  })
  .refine((patch) => (patch.starts_at === undefined) === (patch.ends_at === undefined), {
    path: ['ends_at'],
    message: 'is given with the start',
  })
  .refine(
    (patch) =>
      !patch.starts_at || !patch.ends_at || Date.parse(patch.ends_at) > Date.parse(patch.starts_at),
    { path: ['ends_at'], message: 'must be after the start' },
  );
export type OccurrencePatch = z.input<typeof occurrencePatchSchema>;

/** One line of an occurrence's attendance, as managers see and set it. */
export const attendanceEntrySchema = z.object({
  member: eventMemberSchema,
  /** Null: not marked yet; `suggested` is what the answer says. */
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  suggested: z.enum(ATTENDANCE_STATUSES).nullable(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/** GET /api/event-occurrences/{id}/attendance (managers, from the start). */
export const attendanceSchema = z.object({ entries: z.array(attendanceEntrySchema) });
export type Attendance = z.infer<typeof attendanceSchema>;

/** PUT /api/event-occurrences/{id}/attendance: marks for some invited members. */
export const attendanceBodySchema = z.object({
  entries: z
    .array(z.object({ user_id: idSchema, status: z.enum(ATTENDANCE_STATUSES) }))
    .min(1)
    .max(EVENT_OCCURRENCES_MAX),
});
export type AttendanceBody = z.input<typeof attendanceBodySchema>;

/** POST /api/event-occurrences/{id}/remind (202): how many Discord channels the reminder goes to. */
export const remindedSchema = z.object({ channels: z.number().int() });
export type Reminded = z.infer<typeof remindedSchema>;

/** GET /api/calendar: the member's private calendar feed (its address is shown once, at creation). */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /api/calendar: a new feed address, replacing (revoking) the previous one. */
export const calendarFeedCreatedSchema = z.object({
  /** The iCalendar address to subscribe to (https://…/calendar/{token}.ics). */
  url: z.string(),
  /** The same with webcal://, which calendar apps open directly. */
  webcal_url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
