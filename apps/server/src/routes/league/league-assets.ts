import {
  championPictureParamsSchema,
  errorBodySchema,
  itemPictureParamsSchema,
  leagueChampionsSchema,
  leaguePictureQuerySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { databaseRiotCache } from '../../integrations/riot/cache.js';
import { createDataDragonClient, type PictureKind } from '../../integrations/riot/data-dragon.js';
import { leagueChampions } from '../../services/league/league-champions.js';
import { getLeaguePicture } from '../../services/league/league-picture.js';
import type { RouteDeps } from '../deps.js';

/**
 * A picture's address carries the Data Dragon version (`?v=`): its bytes do not change under
 * it, and a new version makes a new address. Private: the routes are for members only.
 */
const PICTURE_CACHE_CONTROL = 'private, max-age=604800';

const pictureResponses = {
  200: z.custom<Buffer>().describe('The PNG picture'),
  304: z.undefined().describe('Not modified: If-None-Match names the current ETag'),
  404: errorBodySchema.describe('not_found: Data Dragon has no such picture'),
  503: errorBodySchema.describe(
    'riot_unavailable: Data Dragon cannot be reached and the picture was never fetched',
  ),
};

/**
 * Champion names and the pictures of champions and items, from Riot's Data Dragon through
 * Guildhall: the member's browser never calls Riot (decision 026). Any signed-in member.
 */
export const leagueAssetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, requireMember },
) => {
  const dataDragon = createDataDragonClient({
    url: config.dataDragonUrl,
    timeoutMs: config.riot.timeoutMs,
  });
  const champions = leagueChampions({ cache: databaseRiotCache(db), dataDragon, log: app.log });

  app.get(
    '/api/league/champions',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary:
          'Every champion of the current Data Dragon version, with its names in each language',
        description:
          'Kept by the server and refreshed when Data Dragon has a new version; version null and no champions when Data Dragon was never reached.',
        response: { 200: leagueChampionsSchema },
      },
    },
    () => champions(),
  );

  async function sendPicture(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: PictureKind,
    file: string,
  ) {
    const picture = await getLeaguePicture({
      db,
      dataDragon,
      champions,
      kind,
      id: file.slice(0, -'.png'.length),
    });
    const etag = `"${picture.etag}"`;
    reply
      .header('etag', etag)
      .header('cache-control', PICTURE_CACHE_CONTROL)
      .header('content-disposition', `inline; filename="${file}"`);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').send(picture.bytes);
  }

  app.get(
    '/api/league/assets/champion/:file',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary: "A champion's square picture, from Data Dragon through Guildhall",
        params: championPictureParamsSchema,
        querystring: leaguePictureQuerySchema,
        produces: ['image/png'],
        response: pictureResponses,
      },
    },
    (request, reply) => sendPicture(request, reply, 'champion', request.params.file),
  );

  app.get(
    '/api/league/assets/item/:file',
    {
      preValidation: requireMember,
      schema: {
        tags: ['league'],
        summary: "An item's picture, from Data Dragon through Guildhall",
        params: itemPictureParamsSchema,
        querystring: leaguePictureQuerySchema,
        produces: ['image/png'],
        response: pictureResponses,
      },
    },
    (request, reply) => sendPicture(request, reply, 'item', request.params.file),
  );
};
