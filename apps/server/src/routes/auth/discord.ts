import type { AuthError } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DiscordConfig } from '../../config.js';
import {
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_TTL_SECONDS,
  consumeCallbackState,
  saveOAuthState,
} from '../../auth/oauth-states.js';
import { createDiscordProvider } from '../../auth/providers/discord.js';
import { ProviderError } from '../../auth/providers/oauth-client.js';
import { setSessionCookie } from '../../auth/session-cookie.js';
import { signInDiscordMember } from '../../auth/sign-in-discord-member.js';
import { redirectSchema } from '../../plugins/route-responses.js';
import type { RouteDeps } from '../deps.js';

const PROVIDER = 'discord';
const stateCookie = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: '/auth/discord',
} as const;

/**
 * Not strict, unlike every other query: the provider chooses what it appends (Twitch adds
 * scope, others iss or error_description), and a sign-in must not fail on it.
 */
const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/** Sign-in with Discord: authorization code flow with state and PKCE, then provisioning. */
export const discordSignInRoutes: FastifyPluginAsyncZod<
  RouteDeps & { discord: DiscordConfig }
> = async (app, deps) => {
  const provider = createDiscordProvider(deps.discord, {
    publicUrl: deps.config.publicUrl,
    timeoutMs: deps.config.oauthTimeoutMs,
  });

  const fail = (reply: FastifyReply, reason: AuthError) => {
    reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
    return reply.redirect(`/?auth_error=${reason}`);
  };

  app.get(
    '/auth/discord',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with Discord (browser redirect)',
        response: { 302: redirectSchema("to Discord's authorization page") },
      },
    },
    async (_request, reply) => {
      const { url, state, codeVerifier } = provider.oauth.start();
      await saveOAuthState(deps.db, { state, provider: PROVIDER, codeVerifier });
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        ...stateCookie,
        maxAge: OAUTH_STATE_TTL_SECONDS,
      });
      return reply.redirect(url.toString());
    },
  );

  app.get(
    '/auth/discord/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where Discord sends the member back (browser redirect)',
        querystring: callbackQuerySchema,
        response: {
          302: redirectSchema('to /dashboard once signed in, else to /?auth_error={reason}'),
        },
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      // The state must come back to the browser that started the attempt, once.
      const attempt = await consumeCallbackState(deps.db, {
        queryState: state,
        cookieState: request.cookies[OAUTH_STATE_COOKIE],
        provider: PROVIDER,
      });
      if (!attempt) return fail(reply, 'invalid_state');
      if (error)
        return fail(reply, error === 'access_denied' ? 'access_denied' : 'provider_unavailable');
      if (!code) return fail(reply, 'invalid_state');

      try {
        const accessToken = await provider.oauth.exchangeCode(code, attempt.codeVerifier);
        const profile = await provider.fetchProfile(accessToken);
        const inGuild = await provider.guildMember(accessToken);
        if (!inGuild) return fail(reply, 'not_guild_member');
        const session = await signInDiscordMember({
          db: deps.db,
          discord: deps.discord,
          session: deps.config.session,
          profile,
          guildRoleIds: inGuild.roleIds,
        });
        setSessionCookie(reply, session);
        reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
        return reply.redirect('/dashboard');
      } catch (caught) {
        if (caught instanceof ProviderError) {
          logProviderFailure(request.log, caught);
          return fail(reply, 'provider_unavailable');
        }
        throw caught;
      }
    },
  );
};

function logProviderFailure(log: FastifyBaseLogger, error: ProviderError): void {
  // The cause may carry the provider's answer but never a token: arctic does not echo them.
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  log.warn({ reason: error.message, cause }, 'Discord sign-in failed');
}
