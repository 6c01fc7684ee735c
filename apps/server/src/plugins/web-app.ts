import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPath } from '../lib/paths.js';
import { sendError } from './errors.js';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const isApiPath = (url: string) => /^\/(api|auth)(\/|$)/.test(decodedPath(url));

/**
 * Serves the built web app: hashed assets for a year, and index.html (never cached) for any
 * other GET that is not an API path, so that client routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const hasWebApp = existsSync(join(root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (response, path) => {
        response.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', root);

  if (hasWebApp) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const wantsPage =
      hasWebApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (wantsPage) return sendIndex(reply);
    // The path is not quoted back: an answer never repeats what the client sent.
    return sendError(reply, 404, 'not_found', 'No route answers this method at this address');
  });
}
