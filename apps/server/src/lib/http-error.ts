import type { ErrorCode } from '@guildhall/contract';

/** An error a service throws to answer the client with a status and a code it can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (code: ErrorCode = 'not_found', message = 'Not found') =>
  new HttpError(404, code, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'forbidden', message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
