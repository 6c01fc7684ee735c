import {
  errorBodySchema,
  leagueGamesQuerySchema,
  leagueGamesSchema,
  rankEntriesSchema,
  userIdParamsSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { RiotClient } from '../../integrations/riot/client.js';
import { getMemberGames } from '../../services/league/member-games.js';
import { getMemberRanks } from '../../services/league/member-ranks.js';
import type { RouteDeps } from '../deps.js';

const errors = {
  404: errorBodySchema.describe('user_not_found'),
  503: errorBodySchema.describe(
    'riot_not_configured (no RIOT_API_KEY), riot_unavailable, or database_unavailable',
  ),
};

/** A member's League of Legends ranks and ranked games, for any signed-in member. */
export const leagueRoutes: FastifyPluginAsyncZod<RouteDeps & { riot: RiotClient }> = async (
  app,
  { db, requireMember, riot },
) => {
  app.get(
    '/api/ranks/lol/:userId',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary: 'The League rank of each Riot ID of a member',
        params: userIdParamsSchema,
        response: { 200: rankEntriesSchema, ...errors },
      },
    },
    (request) => getMemberRanks(db, riot, request.params.userId),
  );

  app.get(
    '/api/games/lol/:userId',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary: "A member's ranked League games, newest first, across its Riot IDs",
        params: userIdParamsSchema,
        querystring: leagueGamesQuerySchema,
        response: { 200: leagueGamesSchema, ...errors },
      },
    },
    (request) => getMemberGames(db, riot, request.params.userId, request.query),
  );
};
