import {
  idParamsSchema,
  discordWebhookBodySchema,
  discordWebhookSchema,
  errorBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { WebhookClient } from '../../integrations/discord/webhook-client.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import type { Vault } from '../../services/vault/keyring.js';
import { setWebhook } from '../../services/discord-webhooks/set-webhook.js';
import {
  describeWebhook,
  teamDestination,
} from '../../services/discord-webhooks/webhook-setting.js';
import { eq } from 'drizzle-orm';
import { teams } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import type { RouteDeps } from '../deps.js';

/** The Discord webhook announcements are posted through (admins; decision 036). */
export const discordWebhookRoutes: FastifyPluginAsyncZod<
  RouteDeps & { vault: Vault; webhooks: WebhookClient }
> = async (app, { db, requireAbility, vault, webhooks }) => {
  app.get(
    '/api/discord/webhook',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: 'Whether a webhook is set for announcements, and how its posts go (admins)',
        description: 'Never the URL nor its token: they are kept sealed with the vault key.',
        response: { 200: discordWebhookSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return describeWebhook(db);
    },
  );

  app.put(
    '/api/discord/webhook',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary:
          'Set the webhook announcements are posted through, or remove it with null (admins)',
        description:
          'The URL Discord gives (https://discord.com/api/webhooks/{id}/{token}); Discord is asked whether it knows the webhook before it is kept.',
        body: discordWebhookBodySchema,
        response: {
          204: noContentSchema,
          400: errorBodySchema.describe(
            'invalid_discord_webhook_url (not a Discord webhook URL), discord_webhook_unknown (Discord does not know it), or validation_failed',
          ),
          503: errorBodySchema.describe(
            'discord_unavailable (Discord did not answer), vault_key_rotated, or database_unavailable',
          ),
        },
      },
    },
    async (request, reply) => {
      await setWebhook({ db, vault, client: webhooks, url: request.body.url });
      return reply.code(204).send();
    },
  );

  const teamNotFound = errorBodySchema.describe('team_not_found');
  const assertTeam = async (id: string) => {
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
    if (!team) throw notFound('team_not_found', 'No team has this id');
  };

  app.get(
    '/api/teams/:id/discord-webhook',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary:
          "Whether a webhook is set for the team's channel (event reminders), and how its posts go (admins)",
        params: idParamsSchema,
        response: { 200: discordWebhookSchema, 404: teamNotFound },
      },
    },
    async (request, reply) => {
      await assertTeam(request.params.id);
      void reply.header('cache-control', 'no-store');
      return describeWebhook(db, teamDestination(request.params.id));
    },
  );

  app.put(
    '/api/teams/:id/discord-webhook',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary:
          "Set the webhook of the team's channel, where its events' reminders go, or remove it with null (admins)",
        params: idParamsSchema,
        body: discordWebhookBodySchema,
        response: {
          204: noContentSchema,
          400: errorBodySchema.describe(
            'invalid_discord_webhook_url, discord_webhook_unknown, or validation_failed',
          ),
          404: teamNotFound,
          503: errorBodySchema.describe(
            'discord_unavailable, vault_key_rotated, or database_unavailable',
          ),
        },
      },
    },
    async (request, reply) => {
      await assertTeam(request.params.id);
      await setWebhook({
        db,
        vault,
        client: webhooks,
        url: request.body.url,
        destination: teamDestination(request.params.id),
      });
      return reply.code(204).send();
    },
  );
};
