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
import { listMembersTeams } from '../../services/teams/list-members-teams.js';
import { latestUsers, listUsers } from '../../services/users/list-users.js';
import { PRESENTED_FOR_RULE, presentUserFor } from '../../services/users/present-user.js';
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
        summary:
          'A page of the member list, filtered, searched and sorted, with how many members the filter finds',
        description: `${PRESENTED_FOR_RULE} The search \`q\` reads pseudos only. Each member comes with the teams it holds a role in (\`teams\`, by name).`,
        querystring: usersQuerySchema,
        response: {
          200: usersPageSchema,
          403: errorBodySchema.describe(
            'forbidden: sorting by birthday needs read:member-private:any, by name or surname read:member-name:any',
          ),
        },
      },
    },
    async (request) => {
      const viewer = signedInMember(request);
      if (!canSortMembersBy(viewer, request.query.sort)) {
        throw forbidden(
          'Sorting by birthday needs read:member-private:any, by name or surname read:member-name:any',
        );
      }
      const { rows, next_cursor, total } = await listUsers(db, request.query);
      const teams = await listMembersTeams({ db, userIds: rows.map((row) => row.id) });
      return {
        items: rows.map((row) => ({
          ...presentUserFor(viewer, row),
          teams: teams.get(row.id) ?? [],
        })),
        next_cursor,
        total,
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
        description: PRESENTED_FOR_RULE,
        response: { 200: latestUsersSchema },
      },
    },
    async (request) => {
      const viewer = signedInMember(request);
      return (await latestUsers(db)).map((row) => presentUserFor(viewer, row));
    },
  );
};
