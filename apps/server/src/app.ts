import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { pino } from 'pino';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Vault } from './services/vault/keyring.js';
import { registerAuthentication } from './plugins/authenticate.js';
import {
  answerClientError,
  answerFrameworkError,
  refuseRequestsWithoutHost,
  registerErrorHandling,
} from './plugins/errors.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.js';
import { DEFAULT_WEB_ROOT, registerWebApp } from './plugins/web-app.js';
import { linkProviders } from './auth/providers/link-providers.js';
import { discordSignInRoutes } from './routes/auth/discord.js';
import { linkAccountRoutes } from './routes/auth/link-account.js';
import { localSignInRoute } from './routes/auth/local.js';
import { logoutRoute } from './routes/auth/logout.js';
import { authMethodsRoute } from './routes/auth/methods.js';
import type { RouteDeps } from './routes/deps.js';
import { healthRoutes } from './routes/health/health.js';
import { getOrganizationRoute } from './routes/organization/get-organization.js';
import { alertRoutes } from './routes/alerts/alerts.js';
import { eventRoutes } from './routes/events/events.js';
import { pointsRoutes } from './routes/points/points.js';
import { pointsSourcesRoutes } from './routes/points/points-sources.js';
import { badgeRoutes } from './routes/points/badges.js';
import { calendarRoutes, LOGGED_FEED_PATH } from './routes/calendar/calendar.js';
import { manageOrganizationRoutes } from './routes/organization/manage-organization.js';
import { passwordRoutes } from './routes/passwords/passwords.js';
import { getRolesRoute } from './routes/roles/get-roles.js';
import { teamRoutes } from './routes/teams/teams.js';
import { accountRoutes } from './routes/user/account.js';
import { listUsersRoutes } from './routes/users/list-users.js';
import { memberCsvRoutes } from './routes/users/member-csv.js';
import { memberRoutes } from './routes/users/member.js';
import { membershipRoutes } from './routes/users/membership.js';
import { timelineRoutes } from './routes/users/timeline.js';
import { leagueRoutes } from './routes/league/league.js';
import { databaseRiotCache } from './integrations/riot/cache.js';
import { RiotClient } from './integrations/riot/client.js';
import { databaseRateSlots } from './integrations/riot/database-rate-slots.js';
import { createGuildClient, type GuildClient } from './integrations/discord/guild-client.js';
import { discordRoutes } from './routes/discord/discord.js';
import { createWebhookClient, type WebhookClient } from './integrations/discord/webhook-client.js';
import { discordWebhookRoutes } from './routes/discord/webhook.js';
import { leagueHistoryRoutes } from './routes/league/league-history.js';
import { leagueAssetRoutes } from './routes/league/league-assets.js';
import { jobRoutes } from './routes/jobs/jobs.js';
import { switchedOnJobs, type JobSwitches } from './job-catalogue.js';
import { REACTIONS } from './reaction-catalogue.js';
import { installReactions } from './services/happenings.js';
import { createJobRunner } from './jobs/runner.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The unlocked password vault. */
  vault: Vault;
  /** The built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** Riot's API; by default a client of config.riot (one rate limiter for the process). */
  riot?: RiotClient;
  /** The Discord server read with the bot; by default one of config.discord when it has a bot. */
  guild?: GuildClient;
  /** Discord's webhooks; by default a client of DISCORD_API_URL (one per process). */
  webhooks?: WebhookClient;
  /**
   * The background jobs this instance runs (decision 059; the server: config.jobs). None by
   * default: tests run them by hand.
   */
  jobs?: JobSwitches;
}

/** The bot's view of the guild, when the server has a bot token and a guild. */
function guildClientOf(config: Config): GuildClient | undefined {
  const discord = config.discord;
  if (!discord?.botToken || !discord.guildId) return undefined;
  return createGuildClient({
    apiUrl: discord.apiUrl,
    botToken: discord.botToken,
    guildId: discord.guildId,
    timeoutMs: config.oauthTimeoutMs,
  });
}

/**
 * Query strings carry OAuth codes and states, and a calendar feed's address its token: none of
 * them reaches the logs, at arrival or completion.
 */
const loggedUrl = (url: string) =>
  (url.split('?')[0] ?? '').replace(/^\/calendar\/[^/]*\.ics$/, LOGGED_FEED_PATH);

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      // Database errors quote their statement's parameters (member data, OAuth verifiers...).
      err: (error: Error) => {
        const serialized = pino.stdSerializers.err(error);
        const withoutParams = (text: string) =>
          text.replace(/\nparams:[\s\S]*/, '\nparams: [redacted]');
        return {
          ...serialized,
          message: withoutParams(serialized.message),
          stack: withoutParams(serialized.stack),
          params: undefined,
        };
      },
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: loggedUrl(request.url),
      }),
    },
  };
}

/**
 * One line per request, written once the answer is sent: its id, method, URL without the query,
 * status and time. The line at arrival is at debug level, for following requests in flight.
 */
class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

/** The whole HTTP application, without listening: tests drive it with `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  installReactions(REACTIONS);
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // During a graceful stop a request arriving on a connection still open is served (the
    // database stays open until the end) rather than refused with 503: see main.ts.
    return503OnClosing: false,
    // Node answers an HTTP/1.1 request without Host with a bare 400 of its own: the application
    // refuses it instead (refuseRequestsWithoutHost), in the same shape as every other refusal.
    http: { requireHostHeader: false },
    ...(config.tls && {
      https: { cert: config.tls.cert, key: config.tls.key, requireHostHeader: false },
    }),
    // Refusals given before any hook runs: the same JSON error shape and headers as the rest.
    frameworkErrors: answerFrameworkError(headers),
    clientErrorHandler: answerClientError(headers),
  });
  registerSecurityHeaders(app, headers);
  refuseRequestsWithoutHost(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  await app.register(cookie);
  // What every instance must count together (the rate limits of writes and sign-ins, Riot's
  // windows) lives in PostgreSQL, which several instances share anyway; the embedded database
  // serves one process, which counts in memory (decision 023).
  const sharedState = database.engine === 'postgres' ? database.db : undefined;
  await registerSecurity(app, config, sharedState);
  await registerOpenApi(app);
  const guards = registerAuthentication(app, { db: database.db, config });
  const deps: RouteDeps = { db: database.db, config, ...guards };
  const riot =
    options.riot ??
    new RiotClient({
      config: config.riot,
      cache: databaseRiotCache(database.db),
      // One key, one set of limits for every instance: they take their calls from shared windows.
      slots: sharedState && databaseRateSlots(sharedState),
      log: app.log,
    });

  await app.register(healthRoutes, { ping: () => database.ping() });
  await app.register(authMethodsRoute, deps);
  await app.register(logoutRoute, deps);
  if (config.localMode) await app.register(localSignInRoute, deps);
  if (config.discord) await app.register(discordSignInRoutes, { ...deps, discord: config.discord });
  for (const provider of linkProviders(config)) {
    await app.register(linkAccountRoutes, { ...deps, provider });
  }
  await app.register(accountRoutes, deps);
  await app.register(getOrganizationRoute, deps);
  await app.register(listUsersRoutes, deps);
  await app.register(memberCsvRoutes, deps);
  await app.register(memberRoutes, { ...deps, riot });
  await app.register(membershipRoutes, deps);
  await app.register(leagueRoutes, { ...deps, riot });
  await app.register(leagueAssetRoutes, deps);
  await app.register(getRolesRoute, deps);
  await app.register(teamRoutes, deps);
  await app.register(manageOrganizationRoutes, deps);
  await app.register(alertRoutes, deps);
  await app.register(eventRoutes, deps);
  await app.register(pointsRoutes, deps);
  await app.register(pointsSourcesRoutes, deps);
  await app.register(badgeRoutes, deps);
  await app.register(calendarRoutes, deps);
  await app.register(timelineRoutes, deps);
  await app.register(passwordRoutes, { ...deps, vault: options.vault });
  const guild = options.guild ?? guildClientOf(config);
  await app.register(discordRoutes, { ...deps, guild });
  const webhooks =
    options.webhooks ??
    createWebhookClient({ apiUrl: config.discordApiUrl, timeoutMs: config.oauthTimeoutMs });
  await app.register(discordWebhookRoutes, { ...deps, vault: options.vault, webhooks });
  await app.register(leagueHistoryRoutes, deps);
  const jobs = switchedOnJobs(options.jobs ?? {}, {
    db: database.db,
    log: app.log,
    vault: options.vault,
    guild,
    webhooks,
    riot,
    origin: config.publicUrl.origin,
  });
  await app.register(jobRoutes, { ...deps, enabled: new Set(jobs.map((job) => job.name)) });
  const runner = createJobRunner({ db: database.db, jobs, log: app.log });
  app.addHook('onReady', async () => runner.start());
  // Waits for the runs in flight, so that their leases are given back before the database closes.
  app.addHook('onClose', async () => runner.stop());
  await registerWebApp(app, options.webRoot ?? DEFAULT_WEB_ROOT);

  return app;
}
