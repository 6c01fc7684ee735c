import { errorBodySchema } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../plugins/errors.js';

/** Liveness and readiness, for a process supervisor or a load balancer. */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  app.get(
    '/healthz',
    {
      config: { database: false },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: errorBodySchema.describe('database_unavailable: the database does not answer'),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable');
        return sendError(reply, 503, 'database_unavailable', 'The database is unreachable');
      }
    },
  );
};
