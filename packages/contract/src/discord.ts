import { z } from 'zod';
import { idSchema } from './ids.js';
import { cursorKeyParts, pageOf, pageQueryFields } from './paging.js';

/** A Discord id (a snowflake): digits. */
export const snowflakeSchema = z.string().regex(/^\d{1,20}$/, 'must be a Discord id (digits)');

/** Portal roles a Discord role may grant: `invited` is where newcomers start, never a grant. */
export const DISCORD_GRANTABLE_ROLES = ['admin', 'user', 'guest'] as const;

/** How many Discord roles may be mapped: a guild has at most 250 roles. */
export const DISCORD_MAPPINGS_MAX = 250;

/** One Discord role and what it grants: a portal role, a team role, or both. */
export const discordRoleMappingSchema = z.object({
  discord_role_id: snowflakeSchema,
  portal_role: z.enum(DISCORD_GRANTABLE_ROLES).nullable(),
  /** A team role's `_id` (GET /api/teams). */
  team_role_id: idSchema.nullable(),
});
export type DiscordRoleMapping = z.infer<typeof discordRoleMappingSchema>;

/** GET /api/discord/mappings; the body of PUT /api/discord/mappings (the whole list). */
export const discordRoleMappingsSchema = z
  .array(discordRoleMappingSchema)
  .max(DISCORD_MAPPINGS_MAX)
  .refine(
    (mappings) =>
      new Set(mappings.map((mapping) => mapping.discord_role_id)).size === mappings.length,
    'maps each Discord role once',
  )
  .refine(
    (mappings) => mappings.every((mapping) => mapping.portal_role || mapping.team_role_id),
    'each Discord role grants a portal role, a team role, or both',
  );

/** A role of the guild as Discord names it (GET /api/discord/roles, with a bot token). */
export const discordGuildRoleSchema = z.object({
  id: snowflakeSchema,
  name: z.string(),
  /** Discord's colour as a number, 0 for none. */
  color: z.number().int(),
  position: z.number().int(),
});
export const discordGuildRolesSchema = z.object({
  /** False without DISCORD_BOT_TOKEN: the roles cannot be read, ids are typed by hand. */
  bot: z.boolean(),
  roles: z.array(discordGuildRoleSchema),
});
export type DiscordGuildRoles = z.infer<typeof discordGuildRolesSchema>;

/** What a sync did (POST /api/discord/sync and /api/discord/sync/{userId}). */
export const discordSyncReportSchema = z.object({
  checked: z.number().int(),
  changed: z.number().int(),
  left: z.number().int(),
});
export type DiscordSyncReport = z.infer<typeof discordSyncReportSchema>;

/** The sync's intervals an admin may choose, in minutes: from a quarter of an hour to a day. */
export const DISCORD_SYNC_INTERVALS = [15, 30, 60, 180, 360, 720, 1440] as const;
export const DISCORD_SYNC_DEFAULT_INTERVAL = 60;

/** The body of PUT /api/discord/sync: how often the guild is re-read. */
export const discordSyncScheduleSchema = z.strictObject({
  interval_minutes: z.literal(DISCORD_SYNC_INTERVALS),
});
export type DiscordSyncSchedule = z.infer<typeof discordSyncScheduleSchema>;

/**
 * Why a sync of every member failed: Discord refused the bot's token (401) or its access (403),
 * does not know the guild (404), refused a read otherwise, did not answer (timeout, 5xx), or the
 * sync failed on Guildhall's side (its database).
 */
export const DISCORD_SYNC_FAILURES = [
  'bot_token_refused',
  'bot_access_refused',
  'guild_not_found',
  'discord_refused',
  'discord_unreachable',
  'sync_failed',
] as const;
export type DiscordSyncFailure = (typeof DISCORD_SYNC_FAILURES)[number];

/** GET /api/discord/sync: the schedule and where the sync stands. */
export const discordSyncStatusSchema = z.object({
  /** False without DISCORD_BOT_TOKEN: nothing is re-read between sign-ins. */
  bot: z.boolean(),
  interval_minutes: z.literal(DISCORD_SYNC_INTERVALS),
  /** When the last sync of every member ended, whether it succeeded or failed. */
  last_finished_at: z.iso.datetime().nullable(),
  /** The last sync that failed, kept after later successes; null if none ever failed. */
  last_failure: z.object({ code: z.enum(DISCORD_SYNC_FAILURES), at: z.iso.datetime() }).nullable(),
  /** The scheduled sync failed at least twice in a row and none has succeeded since. */
  failing: z.boolean(),
  /** When the schedule runs it next: null without a bot. */
  next_at: z.iso.datetime().nullable(),
  /** A sync holds the lease now, on this instance or another. */
  running: z.boolean(),
});
export type DiscordSyncStatus = z.infer<typeof discordSyncStatusSchema>;

/** The body of POST /api/discord/import: a dry run says what an import would do, writing nothing. */
export const discordImportRequestSchema = z.strictObject({ dry_run: z.boolean() });
export type DiscordImportRequest = z.infer<typeof discordImportRequestSchema>;

/** How many of the members to create the import's report names (the counts cover them all). */
export const DISCORD_IMPORT_LISTED_MAX = 100;

/** What importing the guild's members did, or would do on a dry run. */
export const discordImportReportSchema = z.object({
  dry_run: z.boolean(),
  /** Accounts in the guild, bots included. */
  in_guild: z.number().int(),
  /** Bots, never imported. */
  bots: z.number().int(),
  /** Accounts already linked to a member. */
  already_members: z.number().int(),
  /** Members created as invited (to be created, on a dry run). */
  created: z.number().int(),
  /** The first DISCORD_IMPORT_LISTED_MAX of them, by pseudo. */
  members: z.array(
    z.object({
      discord_id: snowflakeSchema,
      discord_tag: z.string(),
      pseudo: z.string(),
    }),
  ),
});
export type DiscordImportReport = z.infer<typeof discordImportReportSchema>;

export const MEMBERSHIP_EVENT_KINDS = [
  'role_granted',
  'role_removed',
  'team_role_granted',
  'team_role_removed',
  'left_discord',
  'sessions_ended',
  'imported',
  'adhesion_granted',
  'adhesion_removed',
] as const;

/** One change of a member's access, and where it came from. */
export const membershipEventSchema = z.object({
  _id: idSchema,
  user_id: idSchema.nullable(),
  pseudo: z.string(),
  kind: z.enum(MEMBERSHIP_EVENT_KINDS),
  /** The portal role, or the team and role names, the change was about. */
  detail: z.string().nullable(),
  source: z.enum(['discord', 'admin']),
  created_at: z.iso.datetime(),
});
export type MembershipEvent = z.infer<typeof membershipEventSchema>;
/** GET /api/discord/history: newest first, paged as every list (decision 061). */
export const membershipEventsSchema = pageOf(membershipEventSchema);

/** Most lines of the history one page holds. */
export const MEMBERSHIP_HISTORY_PAGE_MAX = 200;

export const membershipEventsQuerySchema = z.strictObject({
  userId: idSchema.optional(),
  /** The cursor's key: the line's place in the history's sequence. */
  ...pageQueryFields(z.tuple([cursorKeyParts.position]), {
    defaultLimit: 50,
    maxLimit: MEMBERSHIP_HISTORY_PAGE_MAX,
  }),
});
