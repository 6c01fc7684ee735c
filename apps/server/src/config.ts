import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { RIOT_PLATFORMS, type JobName } from '@guildhall/contract';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const optionalString = z.string().trim().optional();

const positiveInt = z.coerce.number().int().positive();

/** Addresses only the machine itself reaches. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
    HOST: optionalString,
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // false, or the proxies' addresses/CIDRs. A hop count is refused: Fastify cannot check the
    // peer it would trust, so it ignores X-Forwarded-* altogether and the setting would silently
    // do nothing (every client would share the proxy's rate limits).
    TRUST_PROXY: z
      .string()
      .trim()
      .default('0')
      .refine(
        (value) => !/^\d+$/.test(value) || value === '0',
        "must be the proxies' addresses or CIDRs (127.0.0.1, 172.16.0.0/12...): a hop count " +
          'cannot be checked',
      )
      .transform((value): boolean | string[] => {
        if (value === 'false' || value === '0') return false;
        if (value === 'true') return true;
        return value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean);
      }),
    TLS_CERT: optionalString,
    TLS_KEY: optionalString,
    SEED_DEMO: booleanFlag.default(true),
    // Each background job, on unless switched off (decision 059).
    JOB_DISCORD_SYNC: booleanFlag.default(true),
    JOB_DISCORD_OUTBOX: booleanFlag.default(true),
    JOB_EVENT_REMINDERS: booleanFlag.default(true),
    JOB_MEMBERSHIP_POINTS: booleanFlag.default(true),
    JOB_LEAGUE_SNAPSHOTS: booleanFlag.default(true),
    JOB_LEAGUE_WARM: booleanFlag.default(true),
    SESSION_IDLE_MINUTES: positiveInt.default(14 * 24 * 60),
    SESSION_MAX_AGE_MINUTES: positiveInt.default(30 * 24 * 60),
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
    WRITE_RATE_LIMIT_PER_MINUTE: positiveInt.default(300),
    VAULT_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes encoded in base64 (openssl rand -base64 32)')
      .optional(),
    DISCORD_CLIENT_ID: optionalString,
    DISCORD_CLIENT_SECRET: optionalString,
    DISCORD_BOT_TOKEN: optionalString,
    DISCORD_GUILD_ID: z
      .string()
      .trim()
      .regex(/^\d+$/, 'must be a Discord server id (digits)')
      .optional(),
    ADMIN_DISCORD_IDS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^\d+$/, 'must be Discord user ids (digits) separated by commas')),
      ),
    LOCAL_ADMIN_PSEUDOS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((pseudo) => pseudo.trim())
          .filter(Boolean),
      ),
    DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
    DISCORD_TOKEN_URL: z.url().default('https://discord.com/api/oauth2/token'),
    DISCORD_API_URL: z.url().default('https://discord.com/api/v10'),
    TWITCH_CLIENT_ID: optionalString,
    TWITCH_CLIENT_SECRET: optionalString,
    TWITCH_AUTHORIZE_URL: z.url().default('https://id.twitch.tv/oauth2/authorize'),
    TWITCH_TOKEN_URL: z.url().default('https://id.twitch.tv/oauth2/token'),
    TWITCH_API_URL: z.url().default('https://api.twitch.tv/helix'),
    TWITTER_CLIENT_ID: optionalString,
    TWITTER_CLIENT_SECRET: optionalString,
    TWITTER_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
    TWITTER_TOKEN_URL: z.url().default('https://api.x.com/2/oauth2/token'),
    TWITTER_API_URL: z.url().default('https://api.x.com/2'),
    RIOT_API_KEY: optionalString,
    RIOT_PLATFORM: z.enum(RIOT_PLATFORMS).default('euw1'),
    RIOT_PLATFORM_URL: z.url().optional(),
    RIOT_REGIONAL_URL: z.url().optional(),
    RIOT_TIMEOUT_MS: positiveInt.default(5_000),
    DATA_DRAGON_URL: z.url().default('https://ddragon.leagueoflegends.com'),
    OAUTH_TIMEOUT_MS: positiveInt.default(10_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
      const missing = env.DISCORD_CLIENT_ID ? 'DISCORD_CLIENT_SECRET' : 'DISCORD_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together',
      });
    }
    for (const provider of ['TWITCH', 'TWITTER'] as const) {
      const id = env[`${provider}_CLIENT_ID`];
      const secret = env[`${provider}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: 'custom',
          path: [id ? `${provider}_CLIENT_SECRET` : `${provider}_CLIENT_ID`],
          message: `${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET go together`,
        });
      }
    }
    // Local mode signs anyone in by pseudo, as anyone: only the operator's own machine may reach
    // it. In a container the image runs in production, which has no local mode (decision 033).
    const localMode = !env.DISCORD_CLIENT_ID && env.NODE_ENV !== 'production';
    if (localMode && env.HOST !== undefined && !isLoopback(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          'local mode (no Discord settings) signs anyone in by pseudo, so it listens on this ' +
          'machine only (127.0.0.1, ::1 or localhost); set up Discord to serve the network',
      });
    }
    if (env.DISCORD_BOT_TOKEN && !env.DISCORD_GUILD_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['DISCORD_BOT_TOKEN'],
        message: 'needs DISCORD_GUILD_ID, the Discord server the bot reads',
      });
    }
    if (Boolean(env.TLS_CERT) !== Boolean(env.TLS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT'],
        message: 'TLS_CERT and TLS_KEY go together',
      });
    }
  });

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  guildId: string | undefined;
  /** The bot's token, to read the guild's roles and members between sign-ins (decision 034). */
  botToken: string | undefined;
  adminDiscordIds: readonly string[];
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

/** An OAuth provider a member links its account with (Twitch, Twitter). */
export interface LinkProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export interface RiotConfig {
  /** Undefined: League data answers 503 riot_not_configured. */
  apiKey: string | undefined;
  platform: string;
  /** Overrides of the platform and regional hosts (tests point them at a fake). */
  platformUrl: string | undefined;
  regionalUrl: string | undefined;
  timeoutMs: number;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: false, true (every peer), or the proxies' addresses. */
  trustProxy: boolean | string[];
  /** Settings given that this version no longer reads: the start warns about each. */
  obsoleteSettings: readonly string[];
  tls: { cert: string; key: string } | undefined;
  /** No sign-in provider and not production: local sign-in by pseudo, demo data. */
  localMode: boolean;
  /** Local mode only: pseudos that always sign in as admin (compared as pseudos are). */
  localAdminPseudos: readonly string[];
  seedDemo: boolean;
  /** The background jobs this instance runs (JOB_*, decision 059). */
  jobs: Readonly<Record<JobName, boolean>>;
  session: { idleMinutes: number; maxAgeMinutes: number };
  rateLimits: { authPerMinute: number; writesPerMinute: number };
  vaultKey: string | undefined;
  discord: DiscordConfig | undefined;
  /** Discord's API (DISCORD_API_URL): webhook posts go there, and nowhere else (decision 036). */
  discordApiUrl: string;
  twitch: LinkProviderConfig | undefined;
  twitter: LinkProviderConfig | undefined;
  riot: RiotConfig;
  /**
   * Riot's Data Dragon (DATA_DRAGON_URL, no trailing slash): champion names and pictures, asked
   * by the server and served by Guildhall (decision 026). Needs no key; calls last at most
   * RIOT_TIMEOUT_MS.
   */
  dataDragonUrl: string;
  oauthTimeoutMs: number;
}

/** Settings of earlier versions, now without effect (REDIS_URL: decision 023). */
const OBSOLETE_SETTINGS = ['REDIS_URL'] as const;

const REQUIRED_IN_PRODUCTION = ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'VAULT_KEY'] as const;

/**
 * The settings that may also be given as a file, `<NAME>_FILE` (Docker and Kubernetes secrets are
 * files): the secrets, and DATABASE_URL, whose password is one.
 */
export const FILE_SETTINGS = [
  'VAULT_KEY',
  'DATABASE_URL',
  'DISCORD_CLIENT_SECRET',
  'DISCORD_BOT_TOKEN',
  'TWITCH_CLIENT_SECRET',
  'TWITTER_CLIENT_SECRET',
  'RIOT_API_KEY',
] as const;

/** Reads a file whole; the tests give their own. */
export type ReadSettingFile = (path: string) => string;

const readSettingFile: ReadSettingFile = (path) => readFileSync(path, 'utf8');

/**
 * The environment with each `<NAME>_FILE` replaced by `<NAME>` holding the file's content, its
 * trailing line break removed (`echo secret > file` writes one), and the problems found: a
 * setting given both ways, a file that cannot be read or is empty. The value then goes through
 * the same validation as one given directly.
 */
function readSettingFiles(
  given: Record<string, string>,
  readFile: ReadSettingFile,
): { settings: Record<string, string>; issues: string[] } {
  const fileNames = new Set(FILE_SETTINGS.map((name) => `${name}_FILE`));
  const settings = Object.fromEntries(
    Object.entries(given).filter(([name]) => !fileNames.has(name)),
  );
  const issues: string[] = [];
  for (const name of FILE_SETTINGS) {
    const path = given[`${name}_FILE`];
    if (path === undefined) continue;
    if (given[name] !== undefined) {
      issues.push(`  ${name}_FILE: ${name} is given too; give one of them`);
      continue;
    }
    let content: string;
    try {
      content = readFile(path).replace(/\r?\n$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      issues.push(`  ${name}_FILE: cannot read ${path} (${reason})`);
      continue;
    }
    if (content.trim() === '') issues.push(`  ${name}_FILE: ${path} is empty`);
    else settings[name] = content;
  }
  return { settings, issues };
}

function missingInProduction(given: Record<string, string | undefined>): string[] {
  if (given.NODE_ENV !== 'production') return [];
  return REQUIRED_IN_PRODUCTION.filter((name) => given[name] === undefined);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The process's environment, completed by the `.env` file of the working folder when there is
 * one: a variable of the environment wins over the file's.
 */
export function processEnvironment(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}

/**
 * Reads and validates the environment once, `<NAME>_FILE` settings included; throws a ConfigError
 * naming every bad variable.
 */
export function loadConfig(
  environment: NodeJS.ProcessEnv = processEnvironment(),
  readFile: ReadSettingFile = readSettingFile,
): Config {
  // An empty variable is an unset one (deployments often pass `NAME=`).
  const { settings: given, issues: fileIssues } = readSettingFiles(
    Object.fromEntries(
      Object.entries(environment).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
      ),
    ),
    readFile,
  );
  const parsed = environmentSchema.safeParse(given);
  const issues = [
    ...fileIssues,
    ...(parsed.success ? [] : parsed.error.issues).map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    ),
    ...missingInProduction(given)
      // A file that could not be read is already named.
      .filter((name) => !environment[`${name}_FILE`]?.trim())
      .map((name) => `  ${name}: is required in production`),
  ];
  if (!parsed.success || issues.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${issues.join('\n')}`);
  }
  const env = parsed.data;
  const discord =
    env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET
      ? {
          clientId: env.DISCORD_CLIENT_ID,
          clientSecret: env.DISCORD_CLIENT_SECRET,
          guildId: env.DISCORD_GUILD_ID,
          botToken: env.DISCORD_BOT_TOKEN,
          adminDiscordIds: env.ADMIN_DISCORD_IDS,
          authorizeUrl: env.DISCORD_AUTHORIZE_URL,
          tokenUrl: env.DISCORD_TOKEN_URL,
          apiUrl: env.DISCORD_API_URL.replace(/\/$/, ''),
        }
      : undefined;
  const linkProvider = (
    id: string | undefined,
    secret: string | undefined,
    urls: { authorizeUrl: string; tokenUrl: string; apiUrl: string },
  ): LinkProviderConfig | undefined =>
    id && secret
      ? { clientId: id, clientSecret: secret, ...urls, apiUrl: urls.apiUrl.replace(/\/$/, '') }
      : undefined;
  const localMode = !discord && env.NODE_ENV !== 'production';
  return {
    env: env.NODE_ENV,
    // Local mode signs anyone in by pseudo: keep it off the network unless asked.
    host: env.HOST ?? (localMode ? '127.0.0.1' : '0.0.0.0'),
    port: env.PORT,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    obsoleteSettings: OBSOLETE_SETTINGS.filter((name) => given[name] !== undefined),
    tls: env.TLS_CERT && env.TLS_KEY ? { cert: env.TLS_CERT, key: env.TLS_KEY } : undefined,
    localMode,
    localAdminPseudos: localMode ? env.LOCAL_ADMIN_PSEUDOS : [],
    seedDemo: localMode && env.SEED_DEMO,
    jobs: {
      'discord-sync': env.JOB_DISCORD_SYNC,
      'discord-outbox': env.JOB_DISCORD_OUTBOX,
      'event-reminders': env.JOB_EVENT_REMINDERS,
      'membership-points': env.JOB_MEMBERSHIP_POINTS,
      'league-snapshots': env.JOB_LEAGUE_SNAPSHOTS,
      'league-warm': env.JOB_LEAGUE_WARM,
    },
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxAgeMinutes: env.SESSION_MAX_AGE_MINUTES },
    rateLimits: {
      authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      writesPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
    },
    vaultKey: env.VAULT_KEY || undefined,
    discord,
    discordApiUrl: env.DISCORD_API_URL.replace(/\/$/, ''),
    twitch: linkProvider(env.TWITCH_CLIENT_ID, env.TWITCH_CLIENT_SECRET, {
      authorizeUrl: env.TWITCH_AUTHORIZE_URL,
      tokenUrl: env.TWITCH_TOKEN_URL,
      apiUrl: env.TWITCH_API_URL,
    }),
    twitter: linkProvider(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET, {
      authorizeUrl: env.TWITTER_AUTHORIZE_URL,
      tokenUrl: env.TWITTER_TOKEN_URL,
      apiUrl: env.TWITTER_API_URL,
    }),
    riot: {
      apiKey: env.RIOT_API_KEY,
      platform: env.RIOT_PLATFORM,
      platformUrl: env.RIOT_PLATFORM_URL?.replace(/\/$/, ''),
      regionalUrl: env.RIOT_REGIONAL_URL?.replace(/\/$/, ''),
      timeoutMs: env.RIOT_TIMEOUT_MS,
    },
    dataDragonUrl: env.DATA_DRAGON_URL.replace(/\/$/, ''),
    oauthTimeoutMs: env.OAUTH_TIMEOUT_MS,
  };
}
