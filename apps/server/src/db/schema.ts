import {
  ALERT_STATUSES,
  ALERT_TYPES,
  ATTENDANCE_STATUSES,
  DEFAULT_TIME_ZONE,
  DISCORD_DELIVERY_PROBLEMS,
  EVENT_AUDIENCE_KINDS,
  EVENT_TYPES,
  RSVP_ANSWERS,
  MEMBERSHIP_EVENT_KINDS,
  MILESTONE_ICONS,
  POINT_SOURCES,
  PASSWORD_AUDIT_ACTIONS,
  ROLES,
  TEAM_GAMES,
  TEAM_TYPES,
  THEME_PREFERENCES,
} from '@guildhall/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey();
/** Who granted a role: an admin by hand, or a Discord role mapping. */
const GRANT_SOURCES = ['manual', 'discord'] as const;
/** A list of the contract's values as SQL literals, for check constraints: `('a', 'b')`. */
const sqlList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`);
/** Binary data: pg answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const users = pgTable(
  'users',
  {
    id: id(),
    pseudo: text('pseudo').notNull(),
    /** The pseudo's canonical form, unique: services/users/pseudo-key.ts. */
    pseudoKey: text('pseudo_key').notNull(),
    name: text('name'),
    surname: text('surname'),
    birthday: date('birthday', { mode: 'string' }),
    email: text('email'),
    address: text('address'),
    zipCode: text('zip_code'),
    town: text('town'),
    country: text('country'),
    role: text('role', { enum: ROLES }).notNull().default('invited'),
    /** The look the member chose (light, dark, or the device's). */
    theme: text('theme', { enum: THEME_PREFERENCES }).notNull().default('system'),
    /** Everyone may see the member's name and surname; otherwise only admins and itself. */
    showRealName: boolean('show_real_name').notNull().default(false),
    team: text('team'),
    adhesion: boolean('adhesion').notNull().default(false),
    discordId: text('discord_id'),
    discordTag: text('discord_tag'),
    discordAvatarUrl: text('discord_avatar_url'),
    /** Who set `role`: an admin (or the first sign-in), or a Discord role mapping (decision 034). */
    roleSource: text('role_source', { enum: GRANT_SOURCES }).notNull().default('manual'),
    /** The role an admin set before a mapping raised it: taking the grant back returns to it. */
    roleByHand: text('role_by_hand', { enum: ROLES }),
    /** When the guild sync found the member gone from the Discord server; null while in it. */
    leftDiscordAt: timestamp('left_discord_at', { withTimezone: true }),
    twitterLogin: text('twitter_login'),
    twitchLogin: text('twitch_login'),
    leagueoflegendsLogin: textList('leagueoflegends_login'),
    valorantLogin: textList('valorant_login'),
    fortniteLogin: textList('fortnite_login'),
    riotLogin: text('riot_login'),
    epicLogin: text('epic_login'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_pseudo_key_unique').on(table.pseudoKey),
    uniqueIndex('users_discord_id_unique').on(table.discordId),
    // One Guildhall member per Twitch or Twitter account.
    uniqueIndex('users_twitch_login_lower_unique').on(sql`lower(${table.twitchLogin})`),
    uniqueIndex('users_twitter_login_lower_unique').on(sql`lower(${table.twitterLogin})`),
    // Member list: sorts and role filter served from indexes, also on the last page.
    index('users_pseudo_lower_idx').on(sql`lower(${table.pseudo})`),
    index('users_role_pseudo_idx').on(table.role, sql`lower(${table.pseudo})`),
    index('users_name_idx').on(sql`lower(${table.name})`, table.id),
    index('users_surname_idx').on(sql`lower(${table.surname})`, table.id),
    index('users_birthday_idx').on(table.birthday, table.id),
    index('users_created_at_idx').on(table.createdAt, table.id),
    check('users_role_check', sql`${table.role} in ${sqlList(ROLES)}`),
    check('users_theme_check', sql`${table.theme} in ${sqlList(THEME_PREFERENCES)}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/** OAuth attempts in flight: each state is consumed once, then gone. */
export const oauthStates = pgTable('oauth_states', {
  /** SHA-256 of the state, hex. */
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** The member linking an account; null for a sign-in. */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The organisation: a single row. */
export const organization = pgTable(
  'organization',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull(),
    backgroundColor: text('background_color').notNull(),
    website: text('website').notNull().default(''),
    twitch: text('twitch').notNull().default(''),
    twitter: text('twitter').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    /** Where the organisation meets: new events' time zone (IANA). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('organization_single_row', sql`${table.id} = 1`)],
);

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organization.$inferSelect;

export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    /** The name's canonical form, unique: services/teams/team-name-key.ts (decision 027). */
    nameKey: text('name_key').notNull(),
    icon: text('icon').notNull(),
    type: text('type', { enum: TEAM_TYPES }).notNull(),
    game: text('game', { enum: TEAM_GAMES }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('teams_name_idx').on(sql`lower(${table.name})`),
    uniqueIndex('teams_name_key_unique').on(table.nameKey),
    check(
      'teams_game_matches_type',
      sql`(${table.type} = 'esport' and ${table.game} is not null) or (${table.type} = 'transversal' and ${table.game} is null)`,
    ),
  ],
);

export const teamRoles = pgTable(
  'team_roles',
  {
    id: id(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Order of the roles in the team, as the admin listed them. */
    position: integer('position').notNull(),
    /** Members of this role manage the team's events (decision 037). */
    manages: boolean('manages').notNull().default(false),
  },
  (table) => [uniqueIndex('team_roles_name_unique').on(table.teamId, sql`lower(${table.name})`)],
);

export const teamRoleMembers = pgTable(
  'team_role_members',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => teamRoles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Order of the members in the role. */
    position: integer('position').notNull(),
    /** Set by an admin, or by a Discord role mapping, which only takes back its own. */
    source: text('source', { enum: GRANT_SOURCES }).notNull().default('manual'),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.userId] }),
    index('team_role_members_user_idx').on(table.userId),
  ],
);

export type TeamRow = typeof teams.$inferSelect;

export const alerts = pgTable('alerts', {
  id: id(),
  type: text('type', { enum: ALERT_TYPES }).notNull(),
  statut: text('statut', { enum: ALERT_STATUSES }).notNull(),
  /** Source of a condition of the alert language, valid when saved. */
  condition: text('condition').notNull(),
  /** The message as its author wrote it, in Markdown (older messages: their HTML). */
  messageMarkdown: text('message_markdown').notNull(),
  /** The message rendered from its Markdown and sanitized on save: what every reader shows. */
  message: text('message').notNull(),
  /** The window the alert shows in; null: no bound on that side. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** Posted to the organisation's Discord webhook when saved, and again when its message changes. */
  postToDiscord: boolean('post_to_discord').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alerts a member closed, with the hash of the message closed: a changed message shows again
 * (decision 030).
 */
export const alertDismissals = pgTable(
  'alert_dismissals',
  {
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the message as it was when dismissed, hex. */
    messageHash: text('message_hash').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.userId] }),
    index('alert_dismissals_user_idx').on(table.userId),
  ],
);

/** The organisation's logo, re-encoded: served from the database so that every instance has it. */
export const organizationLogo = pgTable(
  'organization_logo',
  {
    id: integer('id').primaryKey().default(1),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    etag: text('etag').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('organization_logo_single_row', sql`${table.id} = 1`)],
);

export type AlertRow = typeof alerts.$inferSelect;

/** Vault entries: the password is sealed with AES-256-GCM, the entry id bound as associated data. */
export const passwordEntries = pgTable('password_entries', {
  id: id(),
  network: text('network').notNull(),
  account: text('account').notNull(),
  /** nonce (12 bytes) | tag (16 bytes) | ciphertext. */
  sealed: bytea('sealed').notNull(),
  keyVersion: integer('key_version').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
    .notNull()
    .defaultNow(),
});

export const passwordAccessRules = pgTable(
  'password_access_rules',
  {
    entryId: text('entry_id')
      .notNull()
      .references(() => passwordEntries.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    roleNames: text('role_names').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.teamId] }),
    index('password_access_rules_team_idx').on(table.teamId),
  ],
);

/** Who did what to which entry; kept when the entry or the member is deleted. */
export const passwordAuditEvents = pgTable(
  'password_audit_events',
  {
    id: id(),
    entryId: text('entry_id').notNull(),
    userId: text('user_id'),
    pseudo: text('pseudo').notNull(),
    action: text('action', { enum: PASSWORD_AUDIT_ACTIONS }).notNull(),
    createdAt: createdAt(),
    /** Order of writing: two events of one transaction share their time. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [index('password_audit_events_entry_idx').on(table.entryId, table.createdAt)],
);

/** A known value sealed with each key version: proves at start that VAULT_KEY is the right key. */
export const vaultKeys = pgTable('vault_keys', {
  version: integer('version').primaryKey(),
  check: bytea('check').notNull(),
  createdAt: createdAt(),
});

export type PasswordEntryRow = typeof passwordEntries.$inferSelect;

/** Riot IDs the members listed, and the PUUID account-v1 resolved them to (null until resolved). */
export const riotAccounts = pgTable('riot_accounts', {
  /** gameName#tagLine, lower case. */
  riotIdKey: text('riot_id_key').primaryKey(),
  gameName: text('game_name').notNull(),
  tagLine: text('tag_line').notNull(),
  puuid: text('puuid'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

/** Answers of the Riot API, shared by every instance; null expiry keeps them forever. */
export const riotCache = pgTable(
  'riot_cache',
  {
    key: text('key').primaryKey(),
    body: jsonb('body').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('riot_cache_expires_idx').on(table.expiresAt)],
);

/**
 * Data Dragon's pictures (champion squares, items), fetched on first request and served by
 * Guildhall from here, so that every instance has them and the browser never calls Riot
 * (decision 026). One row per picture, the latest version fetched.
 */
export const leagueAssets = pgTable(
  'league_assets',
  {
    /** champion or item. */
    kind: text('kind').notNull(),
    /** Data Dragon's file name without `.png`: `MonkeyKing`, `3031`. */
    assetId: text('asset_id').notNull(),
    /** The Data Dragon version the bytes come from. */
    version: text('version').notNull(),
    bytes: bytea('bytes').notNull(),
    etag: text('etag').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.assetId] })],
);

/** Rate-limit counters shared by every instance on PostgreSQL. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * Places taken in Riot's rate-limit windows by every instance on PostgreSQL: a call
 * holds one per window while in flight, then until a window after its answer. A counter that
 * lives minutes: backups skip it.
 */
export const riotRateLimitSlots = pgTable(
  'riot_rate_limit_slots',
  {
    windowKey: text('window_key').notNull(),
    slotId: text('slot_id').notNull(),
    inFlight: boolean('in_flight').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.windowKey, table.slotId] }),
    index('riot_rate_limit_slots_expires_idx').on(table.windowKey, table.expiresAt),
  ],
);

/** A Discord role of the guild and what it grants in the portal (decision 034). */
export const discordRoleMappings = pgTable('discord_role_mappings', {
  discordRoleId: text('discord_role_id').primaryKey(),
  portalRole: text('portal_role', { enum: ROLES }),
  /** Null once the team role is deleted: the mapping then grants its portal role only, if any. */
  teamRoleId: text('team_role_id').references(() => teamRoles.id, { onDelete: 'set null' }),
  /** Order in the admin's list. */
  position: integer('position').notNull(),
});

/** Changes of members' access, by the guild sync or an admin: the membership history. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: id(),
    /** Null once the member is deleted; the pseudo stays. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    pseudo: text('pseudo').notNull(),
    kind: text('kind', { enum: MEMBERSHIP_EVENT_KINDS }).notNull(),
    detail: text('detail'),
    /** The team of a team role's grant or removal; null once the team is deleted. */
    teamId: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['discord', 'admin'] }).notNull(),
    createdAt: createdAt(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [index('membership_events_user_idx').on(table.userId, table.sequence)],
);

/**
 * Vault entries a member could reveal when leaving the Discord server: each is to rotate until
 * its password changes after `leftAt` (listed with the exposures).
 */
export const passwordLeaverExposures = pgTable(
  'password_leaver_exposures',
  {
    id: id(),
    entryId: text('entry_id')
      .notNull()
      .references(() => passwordEntries.id, { onDelete: 'cascade' }),
    /** Null once the member is deleted; the pseudo stays. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    pseudo: text('pseudo').notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('password_leaver_exposures_entry_idx').on(table.entryId)],
);

/**
 * The guild sync's one row: when the last one ended and how often it runs; the last failure
 * (why and when), and how many scheduled syncs in a row have failed (0 after any success). Which
 * instance runs it is the `discord-sync` job's lease (`jobs`).
 */
export const discordSync = pgTable('discord_sync', {
  id: integer('id').primaryKey(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  intervalMinutes: integer('interval_minutes').notNull().default(60),
  lastErrorCode: text('last_error_code'),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  scheduledFailures: integer('scheduled_failures').notNull().default(0),
});

/**
 * Discord webhooks posts go to (decision 036), by destination: `announcements` for the
 * organisation's channel. The token is sealed like the vault's passwords, the row id bound as
 * associated data; the id is no secret (useless without the token).
 */
export const discordWebhooks = pgTable('discord_webhooks', {
  id: text('id').primaryKey(),
  webhookId: text('webhook_id').notNull(),
  /** nonce (12 bytes) | tag (16 bytes) | ciphertext of the token. */
  sealedToken: bytea('sealed_token').notNull(),
  keyVersion: integer('key_version').notNull(),
  /** The last delivery problem, until a post succeeds or a new URL is set. */
  problem: text('problem', { enum: DISCORD_DELIVERY_PROBLEMS }),
  problemAt: timestamp('problem_at', { withTimezone: true }),
  /** Discord deleted or refused the webhook: nothing is posted until a new URL is set. */
  stopped: boolean('stopped').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DiscordWebhookRow = typeof discordWebhooks.$inferSelect;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Posts to Discord webhooks, written in the transaction of what they announce and sent by the
 * outbox worker of one instance at a time (a lease per row).
 */
export const discordOutbox = pgTable(
  'discord_outbox',
  {
    id: id(),
    destination: text('destination')
      .notNull()
      .references(() => discordWebhooks.id, { onDelete: 'cascade' }),
    /** What makes two posts the same one (`alert:{id}:{message hash}`): it is queued once. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The body of Discord's "execute webhook". */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error', { enum: DISCORD_DELIVERY_PROBLEMS }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [
    uniqueIndex('discord_outbox_dedupe_key_unique').on(table.dedupeKey),
    index('discord_outbox_due_idx').on(table.status, table.notBefore),
  ],
);

export type DiscordOutboxRow = typeof discordOutbox.$inferSelect;

/**
 * Events (decision 037): a series, with its time zone; what happens when is in its occurrences,
 * materialised, so that lists, pages and the calendar feed are indexed reads. A one-off event is a
 * series of one.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    /** The description as its author wrote it, in Markdown (older ones: their HTML). */
    descriptionMarkdown: text('description_markdown').notNull().default(''),
    /** The description rendered and sanitized on save, as alert messages are. */
    description: text('description').notNull().default(''),
    /** IANA name; occurrences keep their wall-clock time in it. */
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    /** Scrims and matches only. */
    opponent: text('opponent'),
    /** Who is invited: everyone, the teams or the team roles of event_audiences. */
    audienceKind: text('audience_kind', { enum: EVENT_AUDIENCE_KINDS }).notNull(),
    /** Seats for "going"; beyond, answers wait in line. Null: no limit. */
    capacity: integer('capacity'),
    /** RFC 5545 rule (no DTSTART); null: a one-off event. */
    recurrenceRule: text('recurrence_rule'),
    /** Starts the rule skips (EXDATE), as ISO instants. */
    recurrenceExceptions: textList('recurrence_exceptions'),
    /** The series' first start and end, as the form set them; every occurrence lasts as long. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** How long before each start answers close; null: at the start. */
    rsvpDeadlineMinutes: integer('rsvp_deadline_minutes'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('events_capacity_positive', sql`${table.capacity} is null or ${table.capacity} > 0`),
    // The organisation's events, which every member sees: found without reading the others.
    index('events_organization_idx')
      .on(table.id)
      .where(sql`${table.audienceKind} = 'organization'`),
  ],
);

export type EventRow = typeof events.$inferSelect;

/**
 * The teams or team roles an event is for. A deleted team or role takes its rows with it; the
 * service cancels the future occurrences of an event left with no audience (decision 037).
 */
export const eventAudiences = pgTable(
  'event_audiences',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The team, also for a role, so that a team's events are found by one index. */
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Null: the whole team. */
    roleId: text('role_id').references(() => teamRoles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('event_audiences_event_idx').on(table.eventId),
    index('event_audiences_team_idx').on(table.teamId),
    index('event_audiences_role_idx').on(table.roleId),
  ],
);

export const eventOccurrences = pgTable(
  'event_occurrences',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Answers close then; null: at the start. */
    rsvpDeadline: timestamp('rsvp_deadline', { withTimezone: true }),
    cancelled: boolean('cancelled').notNull().default(false),
    /** The start the rule gave it: an edit of the series finds the occurrence by it. */
    ruleStartsAt: timestamp('rule_starts_at', { withTimezone: true }).notNull(),
    /** Moved by hand: an edit of the series keeps its times. */
    moved: boolean('moved').notNull().default(false),
  },
  (table) => [
    index('event_occurrences_starts_idx').on(table.startsAt, table.id),
    index('event_occurrences_event_idx').on(table.eventId, table.startsAt),
    uniqueIndex('event_occurrences_rule_start_unique').on(table.eventId, table.ruleStartsAt),
    check('event_occurrences_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export type EventOccurrenceRow = typeof eventOccurrences.$inferSelect;

/** A member's answer to one occurrence; `waitlisted` while a full event has no seat for it. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    occurrenceId: text('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: RSVP_ANSWERS }).notNull(),
    comment: text('comment').notNull().default(''),
    waitlisted: boolean('waitlisted').notNull().default(false),
    /** When the member last chose "going" (the waiting list's order), or answered. */
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [
    primaryKey({ columns: [table.occurrenceId, table.userId] }),
    index('event_rsvps_user_idx').on(table.userId),
    check(
      'event_rsvps_waitlisted_going',
      sql`not ${table.waitlisted} or ${table.answer} = 'going'`,
    ),
  ],
);

/** Whether a member came to an occurrence, as a manager marked it. */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    occurrenceId: text('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.occurrenceId, table.userId] }),
    index('event_attendance_user_idx').on(table.userId),
  ],
);

/**
 * A member's private calendar feed: the SHA-256 of its token, as sessions keep theirs. One per
 * member; a new one replaces it (the old address stops working).
 */
export const calendarTokens = pgTable('calendar_tokens', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/** A season (decision 038): the days its points belong to; no two seasons share a day. */
export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('seasons_starts_on_idx').on(table.startsOn),
    check('seasons_dates', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/** The points a rule gives, by key (`attendance:training:present`); a missing key gives none. */
export const pointRules = pgTable('point_rules', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
});

/**
 * The points ledger, append-only: nothing updates or deletes a line (a member's deletion takes
 * theirs). A rule's lines for one subject (`attendance:<occurrence>:<member>`) are numbered by
 * `revision`: the grant is 1, each correction the next, and the unique key makes a second
 * instance applying the same rule at the same time insert nothing.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'restrict' }),
    points: integer('points').notNull(),
    source: text('source', { enum: POINT_SOURCES }).notNull(),
    subject: text('subject'),
    revision: integer('revision').notNull().default(1),
    reason: text('reason').notNull(),
    detail: text('detail'),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('points_ledger_subject_idx')
      .on(table.subject, table.revision)
      .where(sql`${table.subject} is not null`),
    index('points_ledger_user_idx').on(table.userId, table.seasonId),
    // A member's lines newest first, across seasons: the profile's timeline.
    index('points_ledger_user_time_idx').on(table.userId, table.createdAt, table.id),
    index('points_ledger_season_idx').on(table.seasonId, table.createdAt, table.id),
    index('points_ledger_order_idx').on(table.createdAt, table.id),
    check('points_ledger_source', sql`${table.source} in ${sqlList(POINT_SOURCES)}`),
  ],
);

/** Each member's total of a season: the sum of its ledger lines, kept in the same transaction. */
export const pointTotals = pgTable(
  'point_totals',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.seasonId, table.userId] }),
    // The leaderboard's order: a page is read from here, from the place the counts give.
    index('point_totals_rank_idx').on(
      table.seasonId,
      table.points.desc().nullsFirst(),
      table.userId,
    ),
  ],
);

/**
 * How many members of a season have each total: kept with the totals, so that a place (the
 * members above a total) and a leaderboard page's first place are sums over a few hundred
 * totals, never a count over every member (decision 038, addendum).
 */
export const pointCounts = pgTable(
  'point_counts',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    members: integer('members').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.points] })],
);

/** A milestone: a threshold of a season's points, with a name, an icon and a colour. */
export const milestones = pgTable('milestones', {
  id: id(),
  name: text('name').notNull(),
  threshold: integer('threshold').notNull().unique(),
  icon: text('icon', { enum: MILESTONE_ICONS }).notNull(),
  colour: text('colour').notNull(),
  createdAt: createdAt(),
});

/**
 * The milestones a member reached in a season: each is a line of the member's timeline and a
 * badge on the profile. Reached once: a later correction below the threshold keeps it.
 */
export const milestonesReached = pgTable(
  'milestones_reached',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.seasonId, table.userId, table.milestoneId] }),
    index('milestones_reached_user_idx').on(table.userId, table.reachedAt),
  ],
);

/** A one-off badge an admin gave a member by hand, with a name, an icon and a colour. */
export const memberBadges = pgTable(
  'member_badges',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon', { enum: MILESTONE_ICONS }).notNull(),
    colour: text('colour').notNull(),
    reason: text('reason').notNull().default(''),
    awardedBy: text('awarded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('member_badges_user_idx').on(table.userId, table.createdAt)],
);

/** Which way a League rank moved since the account's snapshot before, in the same queue. */
export const LEAGUE_RANK_CHANGES = ['up', 'down'] as const;

/**
 * A daily snapshot of a linked League of Legends account's rank in one ranked queue (league-v4
 * by PUUID): Riot keeps no history, so the profile draws the member's LP from these.
 */
export const leagueSnapshots = pgTable(
  'league_snapshots',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    puuid: text('puuid').notNull(),
    /** Riot's queue type: RANKED_SOLO_5x5, RANKED_FLEX_SR. */
    queue: text('queue').notNull(),
    /** The organisation's calendar day the snapshot is of. */
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    tier: text('tier').notNull(),
    /** I to IV; null for the tiers above Diamond, which have none. */
    division: text('division'),
    leaguePoints: integer('league_points').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    /** The tier or division moved since the snapshot before: a line of the timeline. */
    change: text('change', { enum: LEAGUE_RANK_CHANGES }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('league_snapshots_day_unique').on(table.puuid, table.queue, table.takenOn),
    index('league_snapshots_user_idx').on(table.userId, table.takenOn),
    index('league_snapshots_change_idx')
      .on(table.userId, table.takenAt)
      .where(sql`${table.change} is not null`),
    check('league_snapshots_change', sql`${table.change} in ${sqlList(LEAGUE_RANK_CHANGES)}`),
  ],
);

/**
 * The background jobs (decision 059), one row each: the lease (which instance runs it, until
 * when; one UPDATE claims it when due and free), its last start, end and failure (a short code,
 * never an error's message, which may carry an address or a token), and when it is next due.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastFailure: text('last_failure'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
});

export type JobRow = typeof jobs.$inferSelect;
