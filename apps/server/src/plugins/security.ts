import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { databaseRateLimitStore } from './rate-limit-store.js';
import { sessionTokenFrom } from '../auth/session-cookie.js';
import { decodedPath } from '../lib/paths.js';
import { sha256Hex } from '../lib/tokens.js';
import { allowedHosts, registerHostCheck } from './allowed-hosts.js';
import { sendError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The signed-in member and the vault: never kept by a browser or a proxy. */
const NEVER_CACHED = /^\/api\/(user|session|password)(\/|$)/;
/**
 * Sign-in attempts, logouts and OAuth round trips; reading which sign-in methods exist is free.
 * Classified by the route that matched, not the raw URL, which could be percent-encoded.
 */
const isAuthAttempt = (request: FastifyRequest) => {
  const route = request.routeOptions.url ?? '';
  return route.startsWith('/auth/') && route !== '/auth/methods';
};

/**
 * Host names, no-store on private answers, cross-origin write refusal and rate limits
 * (docs/security.md, "Requests"); the security headers are in security-headers.ts.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  /** Where the counters live: PostgreSQL, shared by every instance; memory without it. */
  sharedState: Db | undefined,
): Promise<void> {
  const allowed = allowedHosts(config);
  registerHostCheck(app, allowed);

  // Set first, so that every answer of these routes carries it, refusals and errors included.
  app.addHook('onRequest', async (request, reply) => {
    if (NEVER_CACHED.test(decodedPath(request.url))) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameSite = site === undefined || site === 'same-origin' || site === 'none';
    // Compared with the configured origins, never with the Host the request claims.
    const sameOrigin = origin === undefined || allowed.origins.has(origin);
    if (!sameSite || !sameOrigin) {
      await sendError(reply, 403, 'cross_origin_refused', 'Requests from another site are refused');
    }
  });

  await app.register(rateLimit, {
    global: true,
    ...(sharedState && { store: databaseRateLimitStore(sharedState) }),
    // A counter store that is down must not take the whole API down with it.
    skipOnError: true,
    // Reads are free; sign-in attempts and writes are counted, each in its own bucket.
    allowList: (request) => !isAuthAttempt(request) && SAFE_METHODS.has(request.method),
    // Writes count per member when signed in (many members may share a proxy's address).
    keyGenerator: (request) => {
      if (isAuthAttempt(request)) return `auth:${request.ip}`;
      const session = sessionTokenFrom(request);
      return session ? `write:member:${sha256Hex(session).slice(0, 24)}` : `write:${request.ip}`;
    },
    max: (request) =>
      isAuthAttempt(request) ? config.rateLimits.authPerMinute : config.rateLimits.writesPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: 'rate_limited', message: `Too many requests, retry in ${context.after}` },
    }),
  });
}
