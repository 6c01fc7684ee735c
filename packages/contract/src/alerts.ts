import { z } from 'zod';
import { conditionProblemSchema } from './condition-problems.js';
import {
  ALERT_CONDITION_MAX_LENGTH,
  ALERT_MESSAGE_MAX_LENGTH,
  ALERT_STATUSES,
  ALERT_TYPES,
} from './constants.js';
import { idSchema } from './ids.js';

export const alertTypeSchema = z.enum(ALERT_TYPES);
export const alertStatusSchema = z.enum(ALERT_STATUSES);

/**
 * An alert. Its message is written in Markdown (`message_markdown`, for the editor) and rendered
 * by the server into sanitized HTML (`message`, what members are shown).
 */
export const alertSchema = z.object({
  _id: idSchema,
  type: alertTypeSchema,
  statut: alertStatusSchema,
  condition: z.string(),
  message: z.string(),
  message_markdown: z.string(),
  /** When the alert starts and stops showing (ISO 8601); null: no bound on that side. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Posted to the Discord channel of the organisation's webhook when saved (decision 036). */
  post_to_discord: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertsSchema = z.array(alertSchema);

export const alertsQuerySchema = z.strictObject({
  /** Admins only: every alert, whatever its status and condition. */
  all: z.enum(['1', 'true']).optional(),
});

/** A bound of an alert's window: a date-time with its offset, or nothing. */
const alertBoundSchema = z.iso
  .datetime({ offset: true, message: 'must be a date and time' })
  .nullish()
  .transform((value) => value ?? null);

/** POST /api/alerts and PUT /api/alerts/{id}. */
export const alertBodySchema = z
  .object({
    type: alertTypeSchema,
    statut: alertStatusSchema,
    // The language itself refuses long conditions, with a position; this only bounds the body.
    condition: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(ALERT_CONDITION_MAX_LENGTH * 200),
    /** Markdown; the HTML of older messages is kept as it is. */
    message: z.string().trim().min(1, 'is required').max(ALERT_MESSAGE_MAX_LENGTH),
    starts_at: alertBoundSchema,
    ends_at: alertBoundSchema,
    /** Post the message to Discord once (and again whenever it changes); needs the webhook. */
    post_to_discord: z.boolean().default(false),
  })
  .refine(
    (alert) =>
      !alert.starts_at || !alert.ends_at || Date.parse(alert.ends_at) > Date.parse(alert.starts_at),
    { path: ['ends_at'], message: 'must be after the start' },
  );
export type AlertBody = z.input<typeof alertBodySchema>;

/** POST /api/alerts/preview. */
export const alertPreviewBodySchema = z.object({
  condition: z
    .string()
    .trim()
    .max(ALERT_CONDITION_MAX_LENGTH * 200),
});
export const alertPreviewSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    /** Members the condition holds for right now, out of all members. */
    matches: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    valid: z.literal(false),
    /** Zero-based offset of the problem in the condition. */
    position: z.number().int(),
    /** In English, for API clients; `problem` says the same for a translation. */
    reason: z.string(),
    problem: conditionProblemSchema,
  }),
]);
export type AlertPreview = z.infer<typeof alertPreviewSchema>;
