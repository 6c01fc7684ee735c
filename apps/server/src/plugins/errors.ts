import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode, ErrorIssue, ErrorParams } from '@guildhall/contract';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { HttpError, hasRetryAfter, issueFromZod } from '../lib/http-error.js';
import { isDatabaseUnavailable } from '../lib/postgres-errors.js';
import type { SecurityHeaders } from './security-headers.js';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  issues?: ErrorIssue[],
  params?: ErrorParams,
  beside?: Record<string, unknown>,
): FastifyReply {
  const body: ErrorBody = {
    ...beside,
    error: { code, message, ...(params && { params }), ...(issues && { issues }) },
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/**
 * What we say when Fastify or Node refuse a request: their own messages quote the path or name
 * their internals, and a message must never hand back what the client sent.
 */
const frameworkMessages: Record<number, string> = {
  400: 'The request is malformed',
  404: 'Not found',
  408: 'The request took too long to arrive',
  413: 'The request body is too large',
  414: 'The address is too long',
  415: 'The request body is of a type this address does not accept',
  431: 'The request headers are too large',
};

const frameworkError = (status: number) => ({
  status,
  code: codeForStatus[status] ?? 'bad_request',
  message: frameworkMessages[status] ?? STATUS_CODES[status] ?? 'The request was refused',
});

const isFrameworkError = (error: FastifyError) => error.code?.startsWith('FST_') ?? false;

/**
 * Every error leaves as `{ error: { code, message, params?, issues? } }`. Expected errors keep their
 * message; anything else is logged and answered with a generic 500, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refusal that knows when to ask again says it: Retry-After, in seconds.
    if (hasRetryAfter(error)) void reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      return sendError(
        reply,
        error.statusCode,
        error.code,
        error.message,
        error.issues,
        error.params,
        error.beside,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) =>
        issueFromZod(
          [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          issue.keyword,
          issue.message ?? 'is invalid',
          issue.params,
        ),
      );
      const fields = issues.map((issue) => issue.path).join(', ');
      return sendError(reply, 400, 'validation_failed', `Invalid request: ${fields}`, issues);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 429, 'rate_limited', 'Too many requests, try again later');
    }
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return sendError(reply, status, 'bad_request', 'The request body is not valid JSON');
      }
      if (isFrameworkError(error)) {
        const answer = frameworkError(status);
        return sendError(reply, status, answer.code, answer.message);
      }
      return sendError(reply, status, codeForStatus[status] ?? 'bad_request', error.message);
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

/**
 * Fastify's `frameworkErrors`: the router's refusals (a path that does not decode, a parameter
 * longer than maxParamLength), raised before any hook runs, so they carry the headers themselves.
 */
export function answerFrameworkError(
  headers: SecurityHeaders,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers);
    if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      const answer = frameworkError(error.statusCode ?? 400);
      void sendError(reply, answer.status, answer.code, answer.message);
      return;
    }
    request.log.error({ err: error }, 'request failed before routing');
    void sendError(reply, 500, 'internal_error', 'Something went wrong on our side');
  };
}

/** Node's HTTP parser's reasons to refuse a request, by its error code. */
const clientErrorStatus = (code: string | undefined) =>
  code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;

/**
 * Fastify's `clientErrorHandler`: requests Node cannot parse (a malformed request line or header,
 * headers over --max-http-header-size) never become requests, so no hook or handler sees them.
 * The answer is written on the socket, in the same shape and with the same headers, then the
 * connection is closed, as Node does.
 */
export function answerClientError(
  headers: SecurityHeaders,
): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return (error, socket: Socket & { _httpMessage?: { headersSent?: boolean } | null }) => {
    // A reset connection has nobody left to answer; an answer already under way cannot get another.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable && !socket._httpMessage?.headersSent) {
      const answer = frameworkError(clientErrorStatus(error.code));
      const body = JSON.stringify({
        error: { code: answer.code, message: answer.message },
      } satisfies ErrorBody);
      const lines = [
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** HTTP/1.1 requires a Host header (RFC 9112, 3.2); Node's own check is off, see app.ts. */
export function refuseRequestsWithoutHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      // Answered here: the request goes no further, so `done` is not called.
      sendError(reply, 400, 'bad_request', 'The request has no Host header');
      return;
    }
    done();
  });
}
