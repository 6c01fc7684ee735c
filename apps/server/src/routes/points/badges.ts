import {
  badgeBodySchema,
  errorBodySchema,
  idParamsSchema,
  memberBadgeSchema,
  memberBadgesSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { awardBadge } from '../../services/points/award-badge.js';
import { memberBadgesOf } from '../../services/points/badges.js';
import { deleteBadge } from '../../services/points/delete-badge.js';
import { findUser } from '../../services/users/find-user.js';
import type { RouteDeps } from '../deps.js';

const userNotFound = errorBodySchema.describe('user_not_found');

/** A member's badges: milestones reached and one-off badges given by hand (issue 18). */
export const badgeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember, requireAbility },
) => {
  const managesPoints = requireAbility('manage:points');

  app.get(
    '/api/users/:id/badges',
    {
      preValidation: requireMember,
      schema: {
        tags: ['points'],
        summary:
          "A member's milestones reached and one-off badges, each newest first: whoever may see the member",
        params: idParamsSchema,
        response: { 200: memberBadgesSchema, 404: userNotFound },
      },
    },
    async (request) => {
      // The same access as the member itself (GET /api/users/{id}).
      const member = await findUser(db, request.params.id);
      return memberBadgesOf(db, member.id);
    },
  );

  app.post(
    '/api/users/:id/badges',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Give a member a one-off badge, with why (admins)',
        params: idParamsSchema,
        body: badgeBodySchema,
        response: { 201: memberBadgeSchema, 404: userNotFound },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await awardBadge({
          db,
          userId: request.params.id,
          awardedBy: signedInMember(request).id,
          fields: request.body,
        }),
      ),
  );

  app.delete(
    '/api/badges/:id',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Take back a badge given by mistake (admins)',
        params: idParamsSchema,
        response: { 204: noContentSchema, 404: errorBodySchema.describe('badge_not_found') },
      },
    },
    async (request, reply) => {
      await deleteBadge({ db, id: request.params.id });
      return reply.code(204).send();
    },
  );
};
