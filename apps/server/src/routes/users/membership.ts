import {
  errorBodySchema,
  membershipChangeBodySchema,
  membershipChangeResultSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { changeMembership } from '../../services/users/change-membership.js';
import type { RouteDeps } from '../deps.js';

/** Role, adhesion and team roles of one or many members, apart from their profiles (admins). */
export const membershipRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireAbility },
) => {
  app.post(
    '/api/users/membership',
    {
      preValidation: requireAbility('edit:member:any'),
      schema: {
        tags: ['users'],
        summary:
          'Change the role, adhesion or team roles of chosen members, in one transaction (admins)',
        description:
          "`members` is either `{ ids }` (the rows ticked) or `{ filter: { role, q }, expected }` (every member the list's filter finds, `expected` being the count the admin confirmed). " +
          'Each change is recorded in the membership history. Nothing is written when one of the members or team roles is unknown, or when the change would leave no admin.',
        body: membershipChangeBodySchema,
        response: {
          200: membershipChangeResultSchema,
          404: errorBodySchema.describe('user_not_found: one of the ids is no member'),
          409: errorBodySchema.describe(
            'selection_changed (the filter no longer finds the count confirmed), or last_admin (the change would leave no admin)',
          ),
        },
      },
    },
    async (request) => changeMembership({ db, change: request.body }),
  );
};
