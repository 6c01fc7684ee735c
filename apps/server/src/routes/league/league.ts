import {
  errorBodySchema,
  leagueGamesPageSchema,
  leagueGamesQuerySchema,
  leagueRefreshSchema,
  rankEntriesSchema,
  userIdParamsSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { RiotClient } from '../../integrations/riot/client.js';
import { getMemberGames } from '../../services/league/member-games.js';
import { getMemberRanks } from '../../services/league/member-ranks.js';
import { refreshMemberLeague } from '../../services/league/refresh-member-league.js';
import type { RouteDeps } from '../deps.js';

const errors = {
  404: errorBodySchema.describe('user_not_found'),
  503: errorBodySchema.describe(
    'riot_not_configured (no RIOT_API_KEY), riot_unavailable, riot_rate_limited (Riot is busy: see Retry-After), or database_unavailable',
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
        summary:
          "A member's ranked League games, newest first, across its Riot IDs, a page at a time",
        params: userIdParamsSchema,
        querystring: leagueGamesQuerySchema,
        response: { 200: leagueGamesPageSchema, ...errors },
      },
    },
    (request) => getMemberGames(db, riot, request.params.userId, request.query),
  );

  app.post(
    '/api/refresh/lol/:userId',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary: "Ask Riot again for a member's League ranks and games, skipping the cache",
        description:
          'At most once per LEAGUE_REFRESH_COOLDOWN_MS per member profile, whoever asks: sooner, 429 rate_limited with Retry-After (seconds).',
        params: userIdParamsSchema,
        response: { 200: leagueRefreshSchema, ...errors },
      },
    },
    (request) => refreshMemberLeague({ db, riot, userId: request.params.userId }),
  );
};
