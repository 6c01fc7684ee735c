import {
  alertBodySchema,
  alertPreviewBodySchema,
  alertPreviewSchema,
  alertSchema,
  alertsQuerySchema,
  alertsSchema,
  errorBodySchema,
  idParamsSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { forbidden } from '../../lib/http-error.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { signedInMember } from '../../plugins/authenticate.js';
import { can } from '../../policies/abilities.js';
import { createAlert } from '../../services/alerts/create-alert.js';
import { deleteAlert } from '../../services/alerts/delete-alert.js';
import { dismissAlert } from '../../services/alerts/dismiss-alert.js';
import { listAlerts } from '../../services/alerts/list-alerts.js';
import { listMemberAlerts } from '../../services/alerts/list-member-alerts.js';
import { presentAlert } from '../../services/alerts/present-alert.js';
import { previewCondition } from '../../services/alerts/preview-condition.js';
import { updateAlert } from '../../services/alerts/update-alert.js';
import type { RouteDeps } from '../deps.js';

const alertNotFound = errorBodySchema.describe('alert_not_found');
const noWebhook = errorBodySchema.describe(
  'discord_webhook_not_configured: post_to_discord without a Discord webhook set',
);

export const alertRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember, requireAbility },
) => {
  app.get(
    '/api/alerts',
    {
      preValidation: requireMember,
      schema: {
        tags: ['alerts'],
        summary:
          'The active alerts, within their dates, whose condition holds for the caller and that the caller has not dismissed; every alert with ?all=1 (admins)',
        querystring: alertsQuerySchema,
        response: {
          200: alertsSchema,
          403: errorBodySchema.describe('forbidden: ?all=1 is for admins'),
        },
      },
    },
    async (request) => {
      const member = signedInMember(request);
      if (request.query.all) {
        if (!can(member, 'manage:alerts')) throw forbidden('Only alert managers list every alert');
        return (await listAlerts({ db })).map(presentAlert);
      }
      // Who an alert targets is the admins' business: members get the message only.
      return (await listMemberAlerts({ db, member })).map((alert) => ({
        ...presentAlert(alert),
        condition: '',
      }));
    },
  );

  app.post(
    '/api/alerts',
    {
      preValidation: requireAbility('manage:alerts'),
      schema: {
        tags: ['alerts'],
        summary: 'Create an alert (admins); its condition must parse, its message is sanitized',
        body: alertBodySchema,
        response: { 201: alertSchema, 409: noWebhook },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentAlert(await createAlert({ db, fields: request.body }))),
  );

  app.put(
    '/api/alerts/:id',
    {
      preValidation: requireAbility('manage:alerts'),
      schema: {
        tags: ['alerts'],
        summary: 'Replace an alert (admins)',
        params: idParamsSchema,
        body: alertBodySchema,
        response: { 200: alertSchema, 404: alertNotFound, 409: noWebhook },
      },
    },
    async (request) =>
      presentAlert(await updateAlert({ db, id: request.params.id, fields: request.body })),
  );

  app.delete(
    '/api/alerts/:id',
    {
      preValidation: requireAbility('manage:alerts'),
      schema: {
        tags: ['alerts'],
        summary: 'Delete an alert (admins)',
        params: idParamsSchema,
        response: { 204: noContentSchema, 404: alertNotFound },
      },
    },
    async (request, reply) => {
      await deleteAlert({ db, id: request.params.id });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/alerts/:id/dismiss',
    {
      preValidation: requireMember,
      schema: {
        tags: ['alerts'],
        summary: 'Hide an alert from the caller until its message changes',
        description: '404 when no alert with this id is shown to the caller.',
        params: idParamsSchema,
        response: { 204: noContentSchema, 404: alertNotFound },
      },
    },
    async (request, reply) => {
      await dismissAlert({ db, member: signedInMember(request), id: request.params.id });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/alerts/preview',
    {
      preValidation: requireAbility('manage:alerts'),
      schema: {
        tags: ['alerts'],
        summary: 'Whether a condition is valid, and how many members it matches now (admins)',
        body: alertPreviewBodySchema,
        response: { 200: alertPreviewSchema },
      },
    },
    async (request) => previewCondition({ db, condition: request.body.condition }),
  );
};
