import type { ErrorBody, ErrorCode } from '@guildhall/contract';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { isDatabaseUnavailable } from '../lib/postgres-errors.js';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  issues?: { path: string; message: string }[],
): FastifyReply {
  const body: ErrorBody = { error: { code, message, ...(issues && { issues }) } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

/**
 * Every error leaves as `{ error: { code, message, issues? } }`. Expected errors keep their
 * message; anything else is logged and answered with a generic 500, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.issues);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const fields = issues.map((issue) => issue.path).join(', ');
      return sendError(reply, 400, 'validation_failed', `Invalid request: ${fields}`, issues);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 429, 'rate_limited', 'Too many requests, try again later');
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return sendError(reply, status, codeForStatus[status] ?? 'bad_request', message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(
        reply,
        503,
        'database_unavailable',
        'The service is unavailable, try again shortly',
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internal_error', 'Something went wrong on our side');
  });
}
