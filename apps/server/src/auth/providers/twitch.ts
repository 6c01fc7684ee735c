import { z } from 'zod';
import type { LinkProviderConfig } from '../../config.js';
import type { LinkedAccountProvider } from './linked-account-provider.js';
import { OAuthClient, ProviderError } from './oauth-client.js';

// https://dev.twitch.tv/docs/api/reference/#get-users: without `id` or `login`, the token's user.
const usersResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.string().min(1),
      login: z.string().min(1).max(64),
      display_name: z.string().optional(),
    }),
  ),
});

/**
 * Twitch: authorization code flow, client credentials in the form body (Twitch accepts no HTTP
 * Basic), no scope (the login is public data). Twitch ignores PKCE; the state protects the flow.
 */
export function createTwitchProvider(
  config: LinkProviderConfig,
  options: { publicUrl: URL; timeoutMs: number },
): LinkedAccountProvider {
  const oauth = new OAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: new URL('/auth/twitch/callback', options.publicUrl).toString(),
    authorizeUrl: config.authorizeUrl,
    tokenUrl: config.tokenUrl,
    scopes: [],
    timeoutMs: options.timeoutMs,
    clientAuthentication: 'body',
  });

  return {
    name: 'twitch',
    oauth,
    async fetchLogin(accessToken) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/users`, {
          headers: {
            authorization: `Bearer ${accessToken}`,
            'client-id': config.clientId,
            accept: 'application/json',
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new ProviderError('Twitch did not answer /users', { cause: error });
      }
      if (!response.ok) throw new ProviderError(`Twitch answered ${response.status} to /users`);
      const parsed = usersResponseSchema.safeParse(await response.json().catch(() => null));
      const user = parsed.success ? parsed.data.data[0] : undefined;
      if (!user) throw new ProviderError('Twitch sent a user this server cannot read');
      return user.login;
    },
  };
}
