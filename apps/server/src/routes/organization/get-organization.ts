import { organizationSchema } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { getOrganization } from '../../services/organization/get-organization.js';
import type { RouteDeps } from '../deps.js';

export const getOrganizationRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    '/api/organization',
    {
      schema: {
        tags: ['organization'],
        summary: 'The organisation: name, contact, colours, logo and links (public)',
        response: { 200: organizationSchema },
      },
    },
    async () => getOrganization({ db }),
  );
};
