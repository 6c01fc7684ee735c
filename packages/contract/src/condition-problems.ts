import { z } from 'zod';

/*
 * Why an alert's condition is refused (docs/alert-conditions.md): the alerts' preview and the
 * errors of a 400 both carry it. Its own module, so that a client which reads errors does not
 * take the alerts' schemas with it.
 */

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
