import { authMethodsSchema } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { RouteDeps } from '../deps.js';

export const authMethodsRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { config }) => {
  app.get(
    '/auth/methods',
    {
      config: { database: false },
      schema: {
        tags: ['auth'],
        summary:
          'Which ways of signing in this server offers, and whether League data is configured',
        response: { 200: authMethodsSchema },
      },
    },
    async () => ({
      discord: config.discord !== undefined,
      local: config.localMode,
      twitch: config.twitch !== undefined,
      twitter: config.twitter !== undefined,
      riot: config.riot.apiKey !== undefined,
    }),
  );
};
