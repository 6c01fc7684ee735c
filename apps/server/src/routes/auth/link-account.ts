import type { LinkError } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_TTL_SECONDS,
  consumeCallbackState,
  saveOAuthState,
} from '../../auth/oauth-states.js';
import type { LinkedAccountProvider } from '../../auth/providers/linked-account-provider.js';
import { ProviderError } from '../../auth/providers/oauth-client.js';
import { sessionTokenFrom } from '../../auth/session-cookie.js';
import { findSessionMember } from '../../auth/sessions.js';
import { signedInMember } from '../../plugins/authenticate.js';
import { linkSocialAccount } from '../../services/users/link-social-account.js';
import { redirectSchema } from '../../plugins/route-responses.js';
import type { RouteDeps } from '../deps.js';

/** Not strict, unlike every other query: the provider chooses what it appends (see discord.ts). */
const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

const CONNECTIONS_PAGE = '/settings/profile?tab=connections';

/**
 * Links a social account (Twitch, Twitter) to the signed-in member: authorization code flow
 * with state and PKCE, the attempt bound to this browser (state cookie) and to this member
 * (the state row's user id). Registered once per configured provider.
 */
export const linkAccountRoutes: FastifyPluginAsyncZod<
  RouteDeps & { provider: LinkedAccountProvider }
> = async (app, deps) => {
  const { provider, db } = deps;
  const base = `/auth/${provider.name}`;
  // Scoped to this provider: attempts with several providers in one browser do not collide.
  const stateCookie = { httpOnly: true, secure: true, sameSite: 'lax', path: base } as const;

  const fail = (reply: FastifyReply, reason: LinkError) => {
    reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
    return reply.redirect(`${CONNECTIONS_PAGE}&link_error=${reason}&provider=${provider.name}`);
  };

  app.get(
    base,
    {
      preValidation: deps.requireMember,
      schema: {
        tags: ['auth'],
        summary: `Start linking a ${provider.name} account to the signed-in member (browser redirect)`,
        response: { 302: redirectSchema(`to ${provider.name}'s authorization page`) },
      },
    },
    async (request, reply) => {
      const member = signedInMember(request);
      const { url, state, codeVerifier } = provider.oauth.start();
      await saveOAuthState(db, { state, provider: provider.name, codeVerifier, userId: member.id });
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        ...stateCookie,
        maxAge: OAUTH_STATE_TTL_SECONDS,
      });
      return reply.redirect(url.toString());
    },
  );

  app.get(
    `${base}/callback`,
    {
      schema: {
        tags: ['auth'],
        summary: `Where ${provider.name} sends the member back (browser redirect)`,
        querystring: callbackQuerySchema,
        response: {
          302: redirectSchema(
            `to ${CONNECTIONS_PAGE} with linked or link_error, or to / without a session`,
          ),
        },
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      // Consumed whatever happens next: a state is good for one callback.
      const attempt = await consumeCallbackState(db, {
        queryState: state,
        cookieState: request.cookies[OAUTH_STATE_COOKIE],
        provider: provider.name,
      });
      const sessionToken = sessionTokenFrom(request);
      const member = sessionToken
        ? await findSessionMember(db, sessionToken, deps.config.session)
        : null;
      if (!member) {
        // A browser navigation: the landing page, not a JSON 401.
        reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
        return reply.redirect('/');
      }
      // The attempt must come back to the browser and the member that started it.
      if (!attempt || attempt.userId !== member.id) return fail(reply, 'invalid_state');
      if (error) {
        return fail(reply, error === 'access_denied' ? 'access_denied' : 'provider_unavailable');
      }
      if (!code) return fail(reply, 'invalid_state');

      let login: string;
      try {
        const accessToken = await provider.oauth.exchangeCode(code, attempt.codeVerifier);
        login = await provider.fetchLogin(accessToken);
      } catch (caught) {
        if (!(caught instanceof ProviderError)) throw caught;
        // The messages name a status, an OAuth error code or a network failure: never a token.
        const cause = caught.cause instanceof Error ? caught.cause.message : undefined;
        request.log.warn({ provider: provider.name, reason: caught.message, cause }, 'Link failed');
        return fail(reply, 'provider_unavailable');
      }

      const result = await linkSocialAccount({
        db,
        memberId: member.id,
        provider: provider.name,
        login,
      });
      if (result === 'already_linked') return fail(reply, 'already_linked');
      if (result === 'member_not_found') return fail(reply, 'invalid_state');
      reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
      return reply.redirect(`${CONNECTIONS_PAGE}&linked=${provider.name}`);
    },
  );
};
