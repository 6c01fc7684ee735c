import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { deleteSession } from '../../auth/sessions.js';
import { clearSessionCookie, sessionTokenFrom } from '../../auth/session-cookie.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import type { RouteDeps } from '../deps.js';

export const logoutRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session: its cookie stops working at once',
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const token = sessionTokenFrom(request);
      if (token) await deleteSession(db, token);
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );
};
