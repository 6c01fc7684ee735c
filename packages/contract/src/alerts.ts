import { z } from 'zod';
import {
  ALERT_CONDITION_MAX_LENGTH,
  ALERT_MESSAGE_MAX_LENGTH,
  ALERT_STATUSES,
  ALERT_TYPES,
} from './constants.js';
import { idSchema } from './ids.js';

export const alertTypeSchema = z.enum(ALERT_TYPES);
export const alertStatusSchema = z.enum(ALERT_STATUSES);

/** An alert; its message is markup already sanitized by the server. */
export const alertSchema = z.object({
  _id: idSchema,
  type: alertTypeSchema,
  statut: alertStatusSchema,
  condition: z.string(),
  message: z.string(),
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

/** Why a condition does not parse or type-check (docs/alert-conditions.md). */
export const CONDITION_PROBLEMS = [
  'too_long',
  'empty',
  'unclosed_string',
  'unexpected_character',
  'unexpected_token',
  'expected_list',
  'expected_value',
  'expected_symbol',
  'unknown_field',
  'no_calls',
  'too_deep',
  'not_needs_boolean',
  'logical_needs_boolean',
  'list_compared',
  'types_differ',
  'compares_numbers',
  'in_needs_single_value',
  'list_values_type',
  'in_field_needs_text',
  'not_boolean',
] as const;
export type ConditionProblemReason = (typeof CONDITION_PROBLEMS)[number];

/** The types of the condition language's values. */
export const CONDITION_VALUE_TYPES = ['string', 'number', 'boolean', 'list'] as const;
export type ConditionValueType = (typeof CONDITION_VALUE_TYPES)[number];

/** A piece of a condition: its end, a quoted string, or a word, number or symbol as written. */
export const conditionTokenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('end') }),
  z.object({ kind: z.literal('string'), value: z.string() }),
  z.object({ kind: z.literal('token'), value: z.string() }),
]);
export type ConditionToken = z.infer<typeof conditionTokenSchema>;

const conditionTypeSchema = z.enum(CONDITION_VALUE_TYPES);

/** Where and why a condition is refused, with what the explanation refers to. */
export const conditionProblemSchema = z.object({
  reason: z.enum(CONDITION_PROBLEMS),
  /** Zero-based offset of the problem in the condition. */
  position: z.number().int(),
  /** What was found where the problem is (unexpected_token, expected_*). */
  found: conditionTokenSchema.optional(),
  /** expected_symbol: the symbol that should be there. */
  expected: z.string().optional(),
  /** unexpected_character: the character. */
  character: z.string().optional(),
  /** unknown_field, in_field_needs_text: the field named. */
  field: z.string().optional(),
  /** The operator the problem is about (`==`, `and`). */
  operator: z.string().optional(),
  /** types_differ: the types on each side; list_values_type: the type expected. */
  left: conditionTypeSchema.optional(),
  right: conditionTypeSchema.optional(),
  type: conditionTypeSchema.optional(),
  /** too_long: characters; too_deep: levels. */
  max: z.number().int().optional(),
});
export type ConditionProblem = z.infer<typeof conditionProblemSchema>;

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
