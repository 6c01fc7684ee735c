import { Readable } from 'node:stream';
import {
  errorBodySchema,
  idParamsSchema,
  ledgerCsvQuerySchema,
  ledgerLineSchema,
  managerBudgetSchema,
  recomputeReportSchema,
  teamPointsAwardBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { exportLedgerCsv } from '../../services/points/ledger-csv.js';
import { assertManager, managerBudget } from '../../services/points/manager-awards.js';
import { awardAsManager } from '../../services/points/award-as-manager.js';
import { recomputePoints } from '../../services/points/recompute.js';
import type { RouteDeps } from '../deps.js';

const CSV_TYPE = 'text/csv';
const notManager = errorBodySchema.describe('forbidden: the caller does not manage this team');

/** Team managers' awards, the ledger's CSV and the recompute (decision 040). */
export const pointsSourcesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember, requireAbility },
) => {
  const managesPoints = requireAbility('manage:points');
  /** Only the team's managers, refused before their body is read. */
  const managesTeam = async (request: FastifyRequest) => {
    // Not validated yet: the router's string, which the schema then checks as an id.
    const { id } = request.params as { id: string };
    await assertManager(db, id, signedInMember(request).id);
  };

  app.post(
    '/api/teams/:id/points/awards',
    {
      preValidation: [requireMember, managesTeam],
      schema: {
        tags: ['points'],
        summary:
          "Give points to a member of the team (the team's managers), within the season's limit per manager",
        params: idParamsSchema,
        body: teamPointsAwardBodySchema,
        response: {
          201: ledgerLineSchema,
          403: notManager,
          404: errorBodySchema.describe('team_member_not_found: the member is not in the team'),
          409: errorBodySchema.describe(
            'manager_limit_reached (params.remaining: what may still be given), or no_current_season',
          ),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await awardAsManager({
          db,
          teamId: request.params.id,
          managerId: signedInMember(request).id,
          body: request.body,
        }),
      ),
  );

  app.get(
    '/api/teams/:id/points/budget',
    {
      preValidation: requireMember,
      schema: {
        tags: ['points'],
        summary: 'What the calling manager of the team may still give this season',
        params: idParamsSchema,
        response: { 200: managerBudgetSchema, 403: notManager },
      },
    },
    async (request) =>
      managerBudget(db, { teamId: request.params.id, managerId: signedInMember(request).id }),
  );

  app.get(
    '/api/points/ledger.csv',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary: 'Every ledger line matching the filters as CSV, newest first (admins)',
        description:
          'Columns: date, member, season, points, source, reason, detail, granted_by. UTF-8 with a byte order mark, CRLF. A cell that starts with = + - @, a tab or a carriage return is written after an apostrophe, so that a spreadsheet never runs it.',
        querystring: ledgerCsvQuerySchema,
        produces: [CSV_TYPE],
        response: { 200: z.custom<Readable>().describe('The ledger') },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(`${CSV_TYPE}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="points-ledger-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportLedgerCsv(db, request.query)));
    },
  );

  app.post(
    '/api/points/recompute',
    {
      preValidation: managesPoints,
      schema: {
        tags: ['points'],
        summary:
          'Apply the rules again to every source (admins): corrections are new lines; answers how many were written',
        response: { 200: recomputeReportSchema },
      },
    },
    async () => ({ written: await recomputePoints({ db }) }),
  );
};
