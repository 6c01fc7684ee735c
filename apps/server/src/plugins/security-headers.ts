import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/** Header name (lowercase) to value: the same on every answer the server gives. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers helmet's middleware sets with these options, computed once: none of ours depends on
 * the request, and @fastify/helmet would build the middleware again, policy parsing included, at
 * every request (docs/performance.md, "HTTP throughput and latency").
 */
function helmetHeaders(options: HelmetOptions): SecurityHeaders {
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
  return Object.freeze(headers);
}

/** Content Security Policy and the other security headers (docs/decisions/006). */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): SecurityHeaders {
  const https = config.publicUrl.protocol === 'https:';
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set element styles; no script can come in this way.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Discord avatars. League pictures are Data Dragon's served by Guildhall (decision 026):
        // the member's browser calls no game host.
        imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com'],
        fontSrc: ["'self'"],
        // Champion names too come through Guildhall (docs/decisions/026).
        connectSrc: ["'self'"],
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
}

/**
 * Puts the headers on every answer that goes through a route, the 404 handler included. The
 * first hook of the application, so that a refusal by any later hook carries them too; the
 * answers Fastify gives before routing (errors.ts) set them themselves. Swagger UI replaces the
 * policy on /api/docs (see openapi.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
