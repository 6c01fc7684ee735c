import { z } from 'zod';
import type { LinkProviderConfig } from '../../config.js';
import type { LinkedAccountProvider } from './linked-account-provider.js';
import { OAuthClient, ProviderError } from './oauth-client.js';

// https://docs.x.com/x-api/users/user-lookup-me: `username` is the handle, without the @.
const meResponseSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string().optional(),
    username: z.string().min(1).max(64),
  }),
});

/**
 * Twitter (X): OAuth 2.0 authorization code flow with PKCE (required by X), confidential client
 * authenticated with HTTP Basic. GET /2/users/me needs both `users.read` and `tweet.read`.
 */
export function createTwitterProvider(
  config: LinkProviderConfig,
  options: { publicUrl: URL; timeoutMs: number },
): LinkedAccountProvider {
  const oauth = new OAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: new URL('/auth/twitter/callback', options.publicUrl).toString(),
    authorizeUrl: config.authorizeUrl,
    tokenUrl: config.tokenUrl,
    scopes: ['users.read', 'tweet.read'],
    timeoutMs: options.timeoutMs,
    clientAuthentication: 'basic',
  });

  return {
    name: 'twitter',
    oauth,
    async fetchLogin(accessToken) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/users/me`, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new ProviderError('Twitter did not answer /users/me', { cause: error });
      }
      if (!response.ok) {
        throw new ProviderError(`Twitter answered ${response.status} to /users/me`);
      }
      const parsed = meResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ProviderError('Twitter sent a user this server cannot read');
      return parsed.data.data.username;
    },
  };
}
