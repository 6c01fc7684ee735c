import { ERROR_CODES, type ErrorCode } from '@guildhall/contract/constants';
import type { ErrorBody, ErrorParams } from '@guildhall/contract/errors';
import type { z } from 'zod';
import type * as AnswerSchemas from './answer-schemas';

/** The name of the contract schema an answer follows (lib/answer-schemas.ts). */
export type AnswerName = keyof typeof AnswerSchemas;

/** What an answer following the schema `Name` holds. */
export type Answer<Name extends AnswerName> = z.output<(typeof AnswerSchemas)[Name]>;

/** Failures that never reached the API or that the API did not describe itself. */
type ClientErrorCode = 'network_unreachable' | 'unexpected_response';

export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** One complaint of a 400 answer, about one place of the request (`body.email`, `query.page`). */
export type ApiErrorIssue = NonNullable<ErrorBody['error']['issues']>[number];

/** A request that did not succeed, as the API explained it (or as close as we can tell). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** What a 400 `validation_failed` found wrong, field by field. */
    readonly issues: readonly ApiErrorIssue[] = [],
    /** The values the code's text refers to (a limit, a position), as the API gave them. */
    readonly params?: ErrorParams,
    /** Seconds to wait before asking again, when the answer said (Retry-After of a 429 or 503). */
    readonly retryAfterSeconds?: number,
    /** The whole answer, for a refusal that says more than its error (the CSV import's report). */
    readonly answer?: unknown,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  /**
   * Sent as JSON: writes always carry a JSON body. A FormData (a file upload) goes as
   * multipart/form-data instead, with the boundary the browser writes in its Content-Type; a
   * Blob (a CSV file) goes as its bytes, with its own type.
   */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends a request to our own API and returns the answer, which follows the contract's schema
 * named `schema`. In development and in the tests the answer is checked against that schema, and
 * one that does not follow it fails as `unexpected_response`. A production build does not check
 * it: the server checks every answer against the same contract before sending it, and the
 * screens come without zod and the schemas (decision 045).
 */
export async function apiRequest<Name extends AnswerName>(
  path: string,
  options: RequestOptions & { schema: Name },
): Promise<Answer<Name>>;
/** Sends a request whose answer carries nothing we need (204 No Content and the like). */
export async function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  { method = 'GET', body, signal, schema }: RequestOptions & { schema?: AnswerName } = {},
): Promise<unknown> {
  const response = await send(path, method, body, signal);
  if (!response.ok) throw await errorFrom(response);
  if (!schema) return;
  const answer = await readJson(response);
  if (!import.meta.env.DEV) return answer;

  const schemas = await import('./answer-schemas');
  const checked = schemas[schema].safeParse(answer);
  if (!checked.success) {
    throw new ApiError(
      response.status,
      'unexpected_response',
      `Unexpected answer from ${method} ${path}`,
    );
  }
  return checked.data;
}

async function send(
  path: string,
  method: Method,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const isWrite = method !== 'GET';
  const isRaw = body instanceof FormData || body instanceof Blob;
  const isJson = isWrite && !isRaw;
  const contentType = isJson ? 'application/json' : body instanceof Blob ? body.type : undefined;
  try {
    return await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: contentType
        ? { Accept: 'application/json', 'Content-Type': contentType }
        : { Accept: 'application/json' },
      body: isRaw ? body : isWrite ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (error) {
    // A cancelled request is not a failure: let the caller (react-query) recognise it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, 'network_unreachable', reason);
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const answer = await readJson(response);
  const described = await describedError(answer);
  if (described) {
    const { code, message, issues, params } = described.error;
    return new ApiError(
      response.status,
      code,
      message,
      issues,
      params,
      retryAfterSeconds(response),
      // Kept only when it says more than its error: the CSV import's report of refused rows.
      Object.keys(answer as object).length > 1 ? answer : undefined,
    );
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError(
    response.status,
    'unexpected_response',
    `HTTP ${response.status}${statusText}`,
  );
}

/**
 * The answer as the API's error body, or undefined when it is not one (a proxy's page, say). In
 * development and in the tests it is checked against the contract, like every answer; a
 * production build checks only its shape and code, without zod (decision 045).
 */
async function describedError(answer: unknown): Promise<ErrorBody | undefined> {
  if (import.meta.env.DEV) {
    const { errorBodySchema } = await import('./answer-schemas');
    const checked = errorBodySchema.safeParse(answer);
    return checked.success ? checked.data : undefined;
  }
  return isErrorBody(answer) ? answer : undefined;
}

function isErrorBody(answer: unknown): answer is ErrorBody {
  if (typeof answer !== 'object' || answer === null || !('error' in answer)) return false;
  const { error } = answer;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (ERROR_CODES as readonly unknown[]).includes(error.code) &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** Retry-After in seconds (our server sends seconds, never a date); undefined when absent. */
function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** The body as JSON, or undefined when there is none or it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
