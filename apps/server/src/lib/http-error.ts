import {
  type ErrorCode,
  type ErrorIssue,
  type ErrorParams,
  type IssueCode,
  type IssueParams,
  ZOD_ISSUE_CODES,
} from '@guildhall/contract';
import type { z } from 'zod';

export type { ErrorIssue };

/** An error a service throws to answer the client with a status and a code it can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** What a client needs to explain `code` in its own words (a limit, a position). */
    readonly params?: ErrorParams,
    /** What the answer carries beside `error`, as the route's contract says (an import's report). */
    readonly beside?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Asked again too soon: 429 `rate_limited`, with when to ask again (sent as Retry-After). */
export class TooSoonError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(message: string, waitMs: number) {
    super(429, 'rate_limited', message);
    this.name = 'TooSoonError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/** An error that says when to ask again: a TooSoonError, or Riot's rate limits. */
export const hasRetryAfter = (error: unknown): error is { retryAfterSeconds: number } =>
  typeof error === 'object' &&
  error !== null &&
  'retryAfterSeconds' in error &&
  typeof error.retryAfterSeconds === 'number';

const ZOD_CODES = new Set<string>(ZOD_ISSUE_CODES);

const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * The values of a zod issue a client needs to explain it (the bound and what is bounded, the
 * format, the values taken), never the input itself.
 */
function issueParams(details: Record<string, unknown>): IssueParams | undefined {
  const params: IssueParams = {};
  const { minimum, maximum, inclusive, origin, format, expected, values } = details;
  if (typeof minimum === 'number' && Number.isFinite(minimum)) params.minimum = minimum;
  if (typeof maximum === 'number' && Number.isFinite(maximum)) params.maximum = maximum;
  if (typeof inclusive === 'boolean') params.inclusive = inclusive;
  if (typeof origin === 'string') params.origin = origin;
  if (typeof format === 'string') params.format = format;
  if (typeof expected === 'string') params.expected = expected;
  if (Array.isArray(values) && values.every(isScalar)) params.values = values;
  return Object.keys(params).length > 0 ? params : undefined;
}

/** One issue of a 400 from zod's, at `path`: its code and the values its text refers to. */
export function issueFromZod(
  path: string,
  code: string,
  message: string,
  details: Record<string, unknown>,
): ErrorIssue {
  const params = issueParams(details);
  return {
    path,
    message,
    code: ZOD_CODES.has(code) ? (code as IssueCode) : 'custom',
    ...(params && { params }),
  };
}

/** 400 naming every field zod refused, with `location` ('body', 'querystring'...) in front. */
export function validationError(error: z.ZodError, location: string): HttpError {
  const issues = error.issues.map(({ path, code, message, ...details }) =>
    issueFromZod([location, ...path.map(String)].join('.'), code, message, details),
  );
  return invalidRequest(issues);
}

/** 400 validation_failed with these issues. */
export function invalidRequest(issues: ErrorIssue[]): HttpError {
  const fields = [...new Set(issues.map((issue) => issue.path))].join(', ');
  return new HttpError(400, 'validation_failed', `Invalid request: ${fields}`, issues);
}

export const notFound = (code: ErrorCode = 'not_found', message = 'Not found') =>
  new HttpError(404, code, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'forbidden', message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
