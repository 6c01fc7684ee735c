import { ROLE_DEFINITIONS, rolesSchema } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { RouteDeps } from '../deps.js';

export const getRolesRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { requireMember }) => {
  app.get(
    '/api/roles',
    {
      preValidation: requireMember,
      schema: {
        tags: ['users'],
        summary: 'The organisation-wide roles, with a display name and an icon name',
        response: { 200: rolesSchema },
      },
    },
    async () => ({ roles: ROLE_DEFINITIONS }),
  );
};
