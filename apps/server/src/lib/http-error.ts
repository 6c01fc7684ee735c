import type { ErrorCode } from '@guildhall/contract';
import type { z } from 'zod';

export interface ErrorIssue {
  path: string;
  message: string;
}

/** An error a service throws to answer the client with a status and a code it can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 naming every field zod refused, with `location` ('body', 'querystring'...) in front. */
export function validationError(error: z.ZodError, location: string): HttpError {
  const issues = error.issues.map((issue) => ({
    path: [location, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const fields = [...new Set(issues.map((issue) => issue.path))].join(', ');
  return new HttpError(400, 'validation_failed', `Invalid request: ${fields}`, issues);
}

export const notFound = (code: ErrorCode = 'not_found', message = 'Not found') =>
  new HttpError(404, code, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'forbidden', message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
