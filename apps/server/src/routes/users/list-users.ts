import {
  errorBodySchema,
  latestUsersSchema,
  usersPageSchema,
  usersQuerySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { forbidden } from '../../lib/http-error.js';
import { signedInMember } from '../../plugins/authenticate.js';
import { canSortMembersBy } from '../../policies/abilities.js';
import { latestUsers, listUsers } from '../../services/users/list-users.js';
import { presentUserFor } from '../../services/users/present-user.js';
import type { RouteDeps } from '../deps.js';

export const listUsersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember },
) => {
  app.get(
    '/api/users',
    {
      preValidation: requireMember,
      schema: {
        tags: ['users'],
        summary: 'One page of the member list, filtered, searched and sorted',
        description:
          "Others' email, address, zip code, town and birthday are null unless the caller is admin.",
        querystring: usersQuerySchema,
        response: {
          200: usersPageSchema,
          403: errorBodySchema.describe(
            'forbidden: sorting by a private field needs read:member-private:any',
          ),
        },
      },
    },
    async (request) => {
      const viewer = signedInMember(request);
      if (!canSortMembersBy(viewer, request.query.sort)) {
        throw forbidden('Sorting by a private field needs read:member-private:any');
      }
      const { rows, total, page } = await listUsers(db, request.query);
      return {
        users: rows.map((row) => presentUserFor(viewer, row)),
        total,
        page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/api/users/latest',
    {
      preValidation: requireMember,
      schema: {
        tags: ['users'],
        summary: 'The newest members',
        response: { 200: latestUsersSchema },
      },
    },
    async (request) => {
      const viewer = signedInMember(request);
      return (await latestUsers(db)).map((row) => presentUserFor(viewer, row));
    },
  );
};
