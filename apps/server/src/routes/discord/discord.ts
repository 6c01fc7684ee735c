import {
  discordGuildRolesSchema,
  discordImportReportSchema,
  discordImportRequestSchema,
  discordRoleMappingsSchema,
  discordSyncReportSchema,
  discordSyncScheduleSchema,
  discordSyncStatusSchema,
  errorBodySchema,
  membershipEventsQuerySchema,
  membershipEventsSchema,
  userIdParamsSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  GuildNotConfiguredError,
  type GuildClient,
} from '../../integrations/discord/guild-client.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { importGuildMembers } from '../../services/discord/import-guild-members.js';
import { listMappings, listMembershipEvents } from '../../services/discord/mappings.js';
import { replaceMappings } from '../../services/discord/replace-mappings.js';
import { setSyncInterval } from '../../services/discord/set-sync-interval.js';
import { syncAllMembers } from '../../services/discord/sync-all-members.js';
import { syncMember } from '../../services/discord/sync-member.js';
import { syncStatus } from '../../services/discord/sync.js';
import { findUser } from '../../services/users/find-user.js';
import type { RouteDeps } from '../deps.js';

const discordUnavailable = errorBodySchema.describe(
  'discord_not_configured (no DISCORD_BOT_TOKEN or DISCORD_GUILD_ID), discord_unavailable (Discord refused the bot or did not answer), or database_unavailable',
);

/** The Discord server's roles, their mapping to the portal's, and the membership sync (admins). */
export const discordRoutes: FastifyPluginAsyncZod<
  RouteDeps & { guild: GuildClient | undefined }
> = async (app, { db, requireAbility, guild }) => {
  const bot = () => {
    if (!guild) throw new GuildNotConfiguredError();
    return guild;
  };

  app.get(
    '/api/discord/roles',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: "The Discord server's roles, read with the bot (admins)",
        description: 'Without a bot token: `bot` is false and `roles` empty (role ids are typed).',
        response: { 200: discordGuildRolesSchema, 503: discordUnavailable },
      },
    },
    async () => {
      if (!guild) return { bot: false, roles: [] };
      const roles = await guild.roles();
      return {
        bot: true,
        roles: roles.map(({ id, name, color, position }) => ({ id, name, color, position })),
      };
    },
  );

  app.get(
    '/api/discord/mappings',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: 'What each Discord role grants in the portal (admins)',
        response: { 200: discordRoleMappingsSchema },
      },
    },
    async () => listMappings(db),
  );

  app.put(
    '/api/discord/mappings',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: 'Replace the whole mapping of Discord roles (admins)',
        description:
          'Applies to each member at its next sign-in or sync; grants made by hand are never taken back.',
        body: discordRoleMappingsSchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await replaceMappings({ db, mappings: request.body });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/discord/sync',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary:
          'How often the guild is re-read, when it was last, whether a sync runs, and the last failure (admins)',
        response: { 200: discordSyncStatusSchema },
      },
    },
    async () => syncStatus(db, guild !== undefined),
  );

  app.put(
    '/api/discord/sync',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: 'Set how often the guild is re-read (admins)',
        description: 'Every instance follows it from its next look, within a minute.',
        body: discordSyncScheduleSchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await setSyncInterval({ db, intervalMinutes: request.body.interval_minutes });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/discord/sync',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: 'Re-read every member from the Discord server now (admins)',
        response: {
          200: discordSyncReportSchema,
          409: errorBodySchema.describe('discord_sync_running: another sync has not ended'),
          503: discordUnavailable,
        },
      },
    },
    async (request) => syncAllMembers({ db, guild: bot(), log: request.log }),
  );

  app.post(
    '/api/discord/sync/:userId',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary: 'Re-read one member from the Discord server now (admins)',
        params: userIdParamsSchema,
        response: {
          200: discordSyncReportSchema,
          404: errorBodySchema.describe('user_not_found'),
          409: errorBodySchema.describe('member_not_on_discord: no linked Discord account'),
          503: discordUnavailable,
        },
      },
    },
    async (request) =>
      syncMember({ db, guild: bot(), member: await findUser(db, request.params.userId) }),
  );

  app.post(
    '/api/discord/import',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary:
          "Import the guild's members as invited members, or say what that would do (admins)",
        description:
          'Bots and accounts already linked to a member are left out. Each imported member is found by its Discord id at its first sign-in. Needs the Server Members intent.',
        body: discordImportRequestSchema,
        response: {
          200: discordImportReportSchema,
          409: errorBodySchema.describe(
            "discord_members_intent_missing: the bot may not list the guild's members",
          ),
          503: discordUnavailable,
        },
      },
    },
    async (request) => importGuildMembers({ db, guild: bot(), dryRun: request.body.dry_run }),
  );

  app.get(
    '/api/discord/history',
    {
      preValidation: requireAbility('manage:discord'),
      schema: {
        tags: ['discord'],
        summary:
          "Changes of members' access, newest first, a page at a time: everyone's or one member's (admins)",
        querystring: membershipEventsQuerySchema,
        response: { 200: membershipEventsSchema },
      },
    },
    async (request) => listMembershipEvents(db, request.query),
  );
};
