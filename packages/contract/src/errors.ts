import { z } from 'zod';
import { ERROR_CODES } from './constants.js';

export const errorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
