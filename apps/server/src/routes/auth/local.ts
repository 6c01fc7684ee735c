import { errorBodySchema, localSignInBodySchema, sessionUserSchema } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { provisionMember } from '../../auth/provision-member.js';
import { signIn } from '../../auth/session-cookie.js';
import { foldPseudo } from '../../services/users/pseudo-key.js';
import { presentSessionUser } from '../../services/users/present-user.js';
import type { RouteDeps } from '../deps.js';

/** Local mode only: sign in by pseudo, creating the member when it does not exist. */
export const localSignInRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.post(
    '/auth/local',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in by pseudo (local mode only)',
        body: localSignInBodySchema,
        response: { 200: sessionUserSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { pseudo } = request.body;
      const member = await provisionMember(deps.db, {
        kind: 'local',
        pseudo,
        designatedAdmin: deps.config.localAdminPseudos.some(
          (admin) => foldPseudo(admin) === foldPseudo(pseudo),
        ),
      });
      await signIn(reply, deps, member.id);
      return presentSessionUser(deps.db, member);
    },
  );
};
