import {
  discordWebhookBodySchema,
  discordWebhookSchema,
  errorBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { WebhookClient } from '../../integrations/discord/webhook-client.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import type { Vault } from '../../services/passwords/vault-key/keyring.js';
import { describeWebhook, setWebhook } from '../../services/discord-webhooks/webhook-setting.js';
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
};
