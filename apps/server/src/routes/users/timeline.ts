import {
  errorBodySchema,
  idParamsSchema,
  timelinePageSchema,
  timelineQuerySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { readTimeline } from '../../services/timeline/read-timeline.js';
import type { RouteDeps } from '../deps.js';

/** A member's activity timeline, on its profile (decision 039). */
export const timelineRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember },
) => {
  app.get(
    '/api/users/:id/timeline',
    {
      preValidation: requireMember,
      schema: {
        tags: ['users'],
        summary:
          "A member's activity, newest first, 20 lines a page: each line only for a reader who may see its fact",
        params: idParamsSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelinePageSchema, 404: errorBodySchema.describe('user_not_found') },
      },
    },
    async (request) =>
      readTimeline(db, {
        viewer: signedInMember(request),
        memberId: request.params.id,
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );
};
