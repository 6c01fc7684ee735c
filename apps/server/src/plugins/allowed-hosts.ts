import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { sendError } from './errors.js';

/** Names a browser on the operator's own machine reaches a local-mode server by. */
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Probes of a container runtime or a load balancer address the process by whatever name it has. */
const PROBES = new Set(['/healthz', '/readyz']);

export interface AllowedHosts {
  /** Host names (lower case, IPv6 in brackets, no port) the server answers to. */
  hostnames: ReadonlySet<string>;
  /** Origins whose pages may send state-changing requests. */
  origins: ReadonlySet<string>;
}

/**
 * The names and origins the server is meant for, from its configuration alone: PUBLIC_URL's, and
 * in local mode the loopback names on PUBLIC_URL's port. Never from what a request says it is
 * (docs/security.md, "Host names and origins": a page of another site whose name resolves to this server would otherwise
 * be served as if it were this server).
 */
export function allowedHosts(config: Pick<Config, 'publicUrl' | 'localMode'>): AllowedHosts {
  const { publicUrl } = config;
  const hostnames = new Set([publicUrl.hostname.toLowerCase()]);
  const origins = new Set([publicUrl.origin]);
  if (config.localMode) {
    const port = publicUrl.port ? `:${publicUrl.port}` : '';
    for (const hostname of LOOPBACK_HOSTNAMES) {
      hostnames.add(hostname);
      origins.add(`${publicUrl.protocol}//${hostname}${port}`);
    }
  }
  return { hostnames, origins };
}

/**
 * Refuses, with 421, every request whose host name is not one the server is meant for: a DNS
 * rebinding page sends its own name. Behind a trusted proxy the forwarded host is the one checked
 * (Fastify's `request.hostname` reads X-Forwarded-Host only from trusted proxies).
 */
export function registerHostCheck(app: FastifyInstance, allowed: AllowedHosts): void {
  app.addHook('onRequest', async (request, reply) => {
    if (allowed.hostnames.has(request.hostname.toLowerCase())) return;
    if (PROBES.has(request.url)) return;
    await sendError(
      reply,
      421,
      'host_not_allowed',
      'This server does not answer to that host name: use its public address',
    );
  });
}
