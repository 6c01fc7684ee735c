import { errorBodySchema } from '@guildhall/contract';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { guardedAbility, isMemberGuard } from './authenticate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for the few routes that never read the database: they cannot answer 503. */
    database?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const error = (description: string) => errorBodySchema.describe(description);

/** No query parameter at all: one sent anyway is refused (400 naming it), never ignored. */
export const noQuerySchema = z.strictObject({});

/**
 * The answers a route owes to the machinery every route goes through rather than to its own
 * handler: validation (json-body.ts and the zod validator), authentication (authenticate.ts),
 * the cross-origin check and the rate limits (security.ts), the body limit and parsers, the
 * database and the error handler (errors.ts). Each rule below mirrors the plugin it names.
 */
function sharedResponses(route: RouteOptions): Record<number, z.ZodType> {
  const methods = [route.method].flat();
  const writes = methods.some((method) => WRITE_METHODS.has(method));
  const hooks = [route.preValidation ?? []].flat();
  const guarded = hooks.some(isMemberGuard);
  const ability = hooks.map(guardedAbility).find(Boolean);
  // security.ts: writes, and every /auth/ route but the list of sign-in methods.
  const rateLimited = writes || (route.url.startsWith('/auth/') && route.url !== '/auth/methods');
  const responses: Record<number, z.ZodType> = {
    400: error(
      'The request is invalid: validation_failed names each refused parameter, query parameter or field; bad_request for a body that is not JSON or a NUL character',
    ),
    500: error('internal_error: something went wrong on the server side'),
  };
  // allowed-hosts.ts: a host name the server is not meant for; the probes answer any.
  if (route.url !== '/healthz' && route.url !== '/readyz') {
    responses[421] = error('host_not_allowed: a host name this server does not answer to');
  }
  // errors.ts, answerFrameworkError: the router refuses a path parameter over 100 characters.
  if (route.url.includes(':')) {
    responses[414] = error('uri_too_long: a path parameter over 100 characters');
  }
  if (guarded) responses[401] = error('unauthenticated: not signed in, or the session has ended');
  if (writes) {
    responses[403] = error('cross_origin_refused: a write sent from another site');
    responses[413] = error('payload_too_large: a body over 1 MiB');
    responses[415] = error('A body of a type the route does not read');
  }
  if (ability) {
    const refusals = writes ? '; or cross_origin_refused: a write sent from another site' : '';
    responses[403] = error(`forbidden: needs the ability ${ability}${refusals}`);
  }
  if (rateLimited) responses[429] = error('rate_limited: too many requests; see Retry-After');
  if (route.config?.database !== false) {
    responses[503] = error('database_unavailable: the database does not answer; try again shortly');
  }
  return responses;
}

/**
 * onRoute hook: completes a documented route's schema before Fastify compiles it, so that its
 * validation and its entry in the OpenAPI document say the same thing:
 * - a route without a query schema refuses every query parameter;
 * - the shared answers are added to the statuses the route declares (the route's own win: a
 *   403 of a policy says more than the cross-origin one).
 */
export function completeRouteSchema(route: RouteOptions): void {
  const schema = route.schema;
  // Only routes of the document: Swagger UI's and the web app's hide themselves.
  if (!schema || (schema as { hide?: boolean }).hide) return;
  route.schema = {
    ...schema,
    querystring: schema.querystring ?? noQuerySchema,
    response: { ...sharedResponses(route), ...(schema.response as object | undefined) },
  };
}

/** A 204: no body and no content type (`z.null()` would document a JSON `null`). */
export const noContentSchema = z.undefined().describe('No content');

/** A browser redirect (302): a Location header and no body. */
export const redirectSchema = (where: string) => z.undefined().describe(`Redirect: ${where}`);
