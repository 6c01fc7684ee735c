import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { databaseRateLimitStore } from './rate-limit-store.js';
import { sessionTokenFrom } from '../auth/session-cookie.js';
import { decodedPath } from '../lib/paths.js';
import { sha256Hex } from '../lib/tokens.js';
import { allowedHosts, registerHostCheck } from './allowed-hosts.js';
import { sendError } from './errors.js';

const DATA_DRAGON = 'https://ddragon.leagueoflegends.com';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The signed-in member and the vault: never kept by a browser or a proxy. */
const NEVER_CACHED = /^\/api\/(user|password)(\/|$)/;
/**
 * Sign-in attempts, logouts and OAuth round trips; reading which sign-in methods exist is free.
 * Classified by the route that matched, not the raw URL, which could be percent-encoded.
 */
const isAuthAttempt = (request: FastifyRequest) => {
  const route = request.routeOptions.url ?? '';
  return route.startsWith('/auth/') && route !== '/auth/methods';
};

/**
 * The headers helmet's middleware sets with these options, computed once: none of ours depends on
 * the request, and @fastify/helmet would build the middleware again, policy parsing included, at
 * every request (docs/performance.md, "HTTP throughput and latency").
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Where rate-limit counters live: Redis when configured, else PostgreSQL (both shared by every
 * instance), else memory (the embedded database serves a single instance anyway).
 */
export type RateLimitBackend =
  { kind: 'redis'; client: Redis } | { kind: 'database'; db: Db } | { kind: 'memory' };

/** Headers, cross-origin write refusal and rate limits (DESIGN.md, "Identity, sessions and requests"). */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  rateLimitBackend: RateLimitBackend,
): Promise<void> {
  const https = config.publicUrl.protocol === 'https:';
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set element styles; no script can come in this way.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Discord avatars; League champion and item pictures from Riot's Data Dragon.
        imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com', DATA_DRAGON],
        fontSrc: ["'self'"],
        // Data Dragon's versions.json tells the current picture version.
        connectSrc: ["'self'", DATA_DRAGON],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https && { upgradeInsecureRequests: [] }),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Discord avatars are cross-origin images.
    crossOriginEmbedderPolicy: false,
  });
  // The same for every answer; Swagger UI puts its own policy on /api/docs (see openapi.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

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
    ...(rateLimitBackend.kind === 'redis' && {
      redis: rateLimitBackend.client,
      nameSpace: 'guildhall-rl:',
    }),
    ...(rateLimitBackend.kind === 'database' && {
      store: databaseRateLimitStore(rateLimitBackend.db),
    }),
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
