import {
  errorBodySchema,
  idParamsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  ledgerLineSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  milestoneBodySchema,
  milestoneSchema,
  milestonesSchema,
  pointRulesSchema,
  pointsAwardBodySchema,
  pointsSummarySchema,
  seasonBodySchema,
  seasonSchema,
  seasonsSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { awardPoints } from '../../services/points/award-points.js';
import { leaderboard } from '../../services/points/leaderboard.js';
import { createMilestone } from '../../services/points/create-milestone.js';
import { createSeason } from '../../services/points/create-season.js';
import { deleteMilestone } from '../../services/points/delete-milestone.js';
import { deleteSeason } from '../../services/points/delete-season.js';
import { listMilestones } from '../../services/points/milestones.js';
import { readPointRules } from '../../services/points/point-rules.js';
import { pointsSummary } from '../../services/points/points-summary.js';
import { readLedger } from '../../services/points/read-ledger.js';
import { savePointRules } from '../../services/points/save-point-rules.js';
import { listSeasons } from '../../services/points/seasons.js';
import { updateMilestone } from '../../services/points/update-milestone.js';
import { updateSeason } from '../../services/points/update-season.js';
import type { RouteDeps } from '../deps.js';

const seasonNotFound = errorBodySchema.describe('season_not_found');
const seasonOverlap = errorBodySchema.describe(
  'season_overlap: the dates share a day with another season',
);
const milestoneNotFound = errorBodySchema.describe('milestone_not_found');
const thresholdTaken = errorBodySchema.describe(
  'milestone_threshold_taken: another milestone has this threshold',
);

/** Seasons, points and milestones (decision 038). */
export const pointsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember, requireAbility },
) => {
  const managesPoints = requireAbility('manage:points');

  app.get(
    '/api/points/me',
    {
      preValidation: requireMember,
      schema: {
        tags: ['points'],
        summary:
          "The caller's points this season, its place among the members, and the milestones reached and next",
        response: { 200: pointsSummarySchema },
      },
    },
    async (request) => pointsSummary(db, signedInMember(request).id),
  );

  app.get(
    '/api/points/leaderboard',
    {
      preValidation: requireMember,
      schema: {
        tags: ['points'],
        summary:
          "A season's ranking (the current one unless `season` says), of the organisation or one team, 50 a page by default, with the caller's own line",
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, 404: seasonNotFound },
      },
    },
    async (request) =>
      leaderboard(db, {
        viewerId: signedInMember(request).id,
        seasonId: request.query.season,
        teamId: request.query.team,
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/api/seasons',
    {
      preValidation: requireMember,
      schema: {
        tags: ['points'],
        summary: 'Every season, the latest first, and which one is under way',
        response: { 200: seasonsSchema },
      },
    },
    async () => ({ seasons: await listSeasons(db) }),
  );

  app.post(
    '/api/seasons',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Create a season (admins): two seasons never share a day',
        body: seasonBodySchema,
        response: { 201: seasonSchema, 409: seasonOverlap },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSeason({ db, fields: request.body })),
  );

  app.put(
    '/api/seasons/:id',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Rename a season or change its days (admins); points granted stay in it',
        params: idParamsSchema,
        body: seasonBodySchema,
        response: { 200: seasonSchema, 404: seasonNotFound, 409: seasonOverlap },
      },
    },
    async (request) => updateSeason({ db, id: request.params.id, fields: request.body }),
  );

  app.delete(
    '/api/seasons/:id',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Delete a season without points (admins)',
        params: idParamsSchema,
        response: {
          204: noContentSchema,
          404: seasonNotFound,
          409: errorBodySchema.describe('season_has_points: the ledger keeps its lines'),
        },
      },
    },
    async (request, reply) => {
      await deleteSeason({ db, id: request.params.id });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/points/rules',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'The points each attendance mark gives, by event type (admins)',
        response: { 200: pointRulesSchema },
      },
    },
    async () => readPointRules(db),
  );

  app.put(
    '/api/points/rules',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Set the point rules (admins): they apply to the marks made from then on',
        body: pointRulesSchema,
        response: { 200: pointRulesSchema },
      },
    },
    async (request) => savePointRules({ db, rules: request.body }),
  );

  app.post(
    '/api/points/awards',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary:
          'Give or take points by hand, with why (admins): a new line of the current season, never an edit',
        body: pointsAwardBodySchema,
        response: {
          201: ledgerLineSchema,
          409: errorBodySchema.describe('no_current_season: no season covers today'),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await awardPoints({ db, grantedBy: signedInMember(request).id, body: request.body })),
  );

  app.get(
    '/api/points/ledger',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'The points ledger, newest first, by season, member or source (admins)',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => readLedger(db, request.query),
  );

  app.get(
    '/api/milestones',
    {
      preValidation: requireMember,
      schema: {
        tags: ['points'],
        summary: "Every milestone, the lowest threshold first: a season's points reach them",
        response: { 200: milestonesSchema },
      },
    },
    async () => ({ milestones: await listMilestones(db) }),
  );

  app.post(
    '/api/milestones',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Create a milestone (admins)',
        body: milestoneBodySchema,
        response: { 201: milestoneSchema, 409: thresholdTaken },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMilestone({ db, fields: request.body })),
  );

  app.put(
    '/api/milestones/:id',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Edit a milestone (admins)',
        params: idParamsSchema,
        body: milestoneBodySchema,
        response: { 200: milestoneSchema, 404: milestoneNotFound, 409: thresholdTaken },
      },
    },
    async (request) => updateMilestone({ db, id: request.params.id, fields: request.body }),
  );

  app.delete(
    '/api/milestones/:id',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Delete a milestone (admins)',
        params: idParamsSchema,
        response: { 204: noContentSchema, 404: milestoneNotFound },
      },
    },
    async (request, reply) => {
      await deleteMilestone({ db, id: request.params.id });
      return reply.code(204).send();
    },
  );
};
