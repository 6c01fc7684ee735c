import { z } from 'zod';
import { conditionProblemSchema } from './condition-problems.js';
import { ERROR_CODES } from './constants.js';

/** Why a recurrence is refused: the issue's `params.recurrence`. */
export const RECURRENCE_PROBLEMS = [
  'invalid_rule',
  'unbounded',
  'too_many',
  'invalid_time_zone',
  'invalid_start',
  'invalid_exception',
] as const;
export type RecurrenceProblem = (typeof RECURRENCE_PROBLEMS)[number];

/** zod's own issue codes, as its parsers report them. */
export const ZOD_ISSUE_CODES = [
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
] as const;

/**
 * What an issue of a 400 says is wrong, for a client to explain in its reader's language: zod's
 * own issue codes, and the checks the server makes beyond the schema.
 */
export const ISSUE_CODES = [
  ...ZOD_ISSUE_CODES,
  // the server's
  'required',
  'unknown_reference',
  'empty_markup',
  'invalid_condition',
  'riot_id_not_found',
  'riot_id_taken',
  'capacity_below_going',
  'invalid_recurrence',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** The values an issue's text refers to (zod's, such as `maximum` and `origin`). */
export const issueParamsSchema = z.object({
  /** too_big and too_small: the bound, and what is bounded (`string` counts characters). */
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  inclusive: z.boolean().optional(),
  origin: z.string().optional(),
  /** invalid_format: `url`, `email`, `regex`... */
  format: z.string().optional(),
  /** invalid_type: the type the field takes. */
  expected: z.string().optional(),
  /** invalid_value: the values the field takes. */
  values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  /** invalid_condition: where and why the condition does not parse. */
  condition: conditionProblemSchema.optional(),
  /** invalid_recurrence: why the rule is refused. */
  recurrence: z.enum(RECURRENCE_PROBLEMS).optional(),
});
export type IssueParams = z.infer<typeof issueParamsSchema>;

export const errorIssueSchema = z.object({
  path: z.string(),
  /** In English, for API clients; `code` and `params` say the same for a translation. */
  message: z.string(),
  code: z.enum(ISSUE_CODES),
  params: issueParamsSchema.optional(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/** invalid_image: what is wrong with an uploaded image. */
export const IMAGE_PROBLEMS = ['empty', 'too_many_pixels', 'unreadable'] as const;
export type ImageProblem = (typeof IMAGE_PROBLEMS)[number];

/** The values an error's text refers to, by code; absent when the code says everything. */
export const errorParamsSchema = z.object({
  /** invalid_condition: where and why the condition does not parse. */
  condition: conditionProblemSchema.optional(),
  /** invalid_image: what is wrong with the image. */
  image: z.enum(IMAGE_PROBLEMS).optional(),
  /** unsupported_media_type of an upload: the types it takes (`image/png`). */
  accepted_types: z.array(z.string()).optional(),
  /** payload_too_large of an upload: its largest size, in bytes. */
  max_bytes: z.number().int().optional(),
  /** invalid_image, too_many_pixels: the largest side, in pixels. */
  max_side: z.number().int().optional(),
  /** manager_limit_reached: the points the manager may still give this season. */
  remaining: z.number().int().optional(),
});
export type ErrorParams = z.infer<typeof errorParamsSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    /** In English, for API clients and logs; a screen shows its own text for `code`. */
    message: z.string(),
    params: errorParamsSchema.optional(),
    issues: z.array(errorIssueSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
