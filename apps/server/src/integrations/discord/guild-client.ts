import { DiscordAPIError, REST } from '@discordjs/rest';
import type { DiscordSyncFailure } from '@guildhall/contract';
import {
  RESTJSONErrorCodes,
  Routes,
  type APIGuildMember,
  type APIRole,
  type Snowflake,
} from 'discord-api-types/v10';
import { HttpError } from '../../lib/http-error.js';
import { discordAvatarUrl, discordTag } from './account-names.js';

/** A member of the guild, as the sync and the import need it. */
export interface GuildMember {
  userId: Snowflake;
  roleIds: Snowflake[];
  /** The account's name on Discord (`name#1234` for the few legacy tags left). */
  tag: string;
  /** What the member is called: the server nickname, else the display name, else the name. */
  displayName: string;
  avatarUrl: string | null;
  bot: boolean;
}

/**
 * Discord refused the bot (a bad or revoked token, missing access) or did not answer: 503.
 * `reason` says which, for the sync's record of its last failure.
 */
export class GuildUnavailableError extends HttpError {
  readonly reason: DiscordSyncFailure;

  constructor(message: string, options: { cause: unknown }) {
    super(503, 'discord_unavailable', message);
    this.name = 'GuildUnavailableError';
    this.cause = options.cause;
    this.reason = refusalReason(options.cause);
  }
}

/** Why Discord did not give what was asked, from what discord.js threw. */
function refusalReason(cause: unknown): DiscordSyncFailure {
  if (!(cause instanceof DiscordAPIError)) return 'discord_unreachable';
  switch (cause.status) {
    case 401:
      return 'bot_token_refused';
    case 403:
      return 'bot_access_refused';
    case 404:
      return 'guild_not_found';
    default:
      return 'discord_refused';
  }
}

/** No bot token or no guild: the guild cannot be read (503 discord_not_configured). */
export class GuildNotConfiguredError extends HttpError {
  constructor() {
    super(
      503,
      'discord_not_configured',
      'No Discord bot on this server: set DISCORD_BOT_TOKEN and DISCORD_GUILD_ID',
    );
    this.name = 'GuildNotConfiguredError';
  }
}

/** What Guildhall reads of its Discord server with the bot's token. */
export interface GuildClient {
  /** The guild's roles, highest first. */
  roles(): Promise<APIRole[]>;
  /** The member with this Discord id, or null when the account is not in the guild. */
  member(userId: Snowflake): Promise<GuildMember | null>;
  /** Every member, or undefined when the bot lacks the Server Members intent. */
  members(): Promise<GuildMember[] | undefined>;
}

/** Members per page of Discord's member list (its maximum). */
const PAGE = 1000;

/**
 * A client of the guild's REST API on discord.js's own REST library, which keeps to Discord's
 * rate limits: per-route buckets from the `X-RateLimit-*` headers, a 429's `retry_after`, and the
 * global 50 requests per second. A refusal (401, 403) is never retried: it throws at once, and
 * the caller stops (Cloudflare bans a bot after 10,000 invalid requests in 10 minutes).
 *
 * After a 401 the library forgets the token, and every later request would fail before leaving
 * the process, until a restart: each request sets it again, so that the next sync (an hour
 * later) or the admin's next action asks Discord once more.
 */
export function createGuildClient(options: {
  apiUrl: string;
  botToken: string;
  guildId: Snowflake;
  timeoutMs: number;
}): GuildClient {
  // DISCORD_API_URL names the version already (…/api/v10): requests are not versioned again.
  const rest = new REST({ api: options.apiUrl, timeout: options.timeoutMs });
  const get = async <T>(route: `/${string}`, query?: URLSearchParams): Promise<T> => {
    try {
      return (await rest.setToken(options.botToken).get(route, { versioned: false, query })) as T;
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) {
        throw error;
      }
      throw new GuildUnavailableError(`Discord refused or did not answer ${route}`, {
        cause: error,
      });
    }
  };
  const toMember = ({ user, roles, nick }: APIGuildMember): GuildMember => ({
    userId: user.id,
    roleIds: roles,
    tag: discordTag(user),
    displayName: nick || user.global_name || user.username,
    avatarUrl: discordAvatarUrl(user),
    bot: user.bot === true,
  });

  return {
    async roles() {
      const roles = await get<APIRole[]>(Routes.guildRoles(options.guildId));
      return roles.sort((a, b) => b.position - a.position);
    },
    async member(userId) {
      try {
        return toMember(await get<APIGuildMember>(Routes.guildMember(options.guildId, userId)));
      } catch (error) {
        if (error instanceof DiscordAPIError) return null;
        throw error;
      }
    },
    async members() {
      const all: GuildMember[] = [];
      for (let after = '0'; ;) {
        let page: APIGuildMember[];
        try {
          page = await get<APIGuildMember[]>(
            Routes.guildMembers(options.guildId),
            new URLSearchParams({ limit: String(PAGE), after }),
          );
        } catch (error) {
          // Listing members needs the privileged Server Members intent; reading one does not.
          const cause = (error as Error).cause;
          if (
            all.length === 0 &&
            cause instanceof DiscordAPIError &&
            cause.code === RESTJSONErrorCodes.MissingAccess
          ) {
            return undefined;
          }
          throw error;
        }
        all.push(...page.map(toMember));
        const last = page.at(-1);
        if (!last || page.length < PAGE) return all;
        after = last.user.id;
      }
    },
  };
}
