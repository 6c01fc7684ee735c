import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';

/**
 * What Fastify's router refuses before any route runs, in the API's error format rather than
 * Fastify's own (`{"error":"Bad Request","code":"FST_ERR_..."}`), with the usual headers: a path
 * parameter over 100 characters (Fastify would say 414; no id of this API is that long, so it is
 * the same 400 as any malformed one) and a URL that is not valid percent-encoding.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 400, 'validation_failed', 'Invalid request: params', [
      { path: 'params', message: 'is too long' },
    ]);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 400, 'bad_request', 'The URL is not valid');
  }
  return sendError(reply, 500, 'internal_error', 'Something went wrong on our side');
}
