import {
  errorBodySchema,
  idParamsSchema,
  leagueHistoryQuerySchema,
  leagueHistorySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { readLeagueHistory } from '../../services/league/league-history.js';
import type { RouteDeps } from '../deps.js';

/** A member's League rank history, from the daily snapshots: as visible as the ranks. */
export const leagueHistoryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember },
) => {
  app.get(
    '/api/users/:id/league/history',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary: "A member's daily League ranks in one queue, oldest first",
        description:
          'One snapshot a day of each League account of the member (decision 041); Riot keeps no history. Read from Guildhall alone: answers without a Riot key too.',
        params: idParamsSchema,
        querystring: leagueHistoryQuerySchema,
        response: { 200: leagueHistorySchema, 404: errorBodySchema.describe('user_not_found') },
      },
    },
    (request) => readLeagueHistory(db, request.params.id, request.query),
  );
};
