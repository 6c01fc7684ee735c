import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { z } from 'zod';

/**
 * How the client proves itself at the token endpoint (RFC 6749 section 2.3.1): HTTP Basic
 * (`client_secret_basic`, Discord, Twitter) or the form body (`client_secret_post`, Twitch, which
 * does not accept Basic).
 */
export type ClientAuthentication = 'basic' | 'body';

export interface OAuthEndpoints {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Sent space-separated; an empty list is sent as an empty `scope` (Twitch requires the parameter). */
  scopes: readonly string[];
  timeoutMs: number;
  /** Defaults to `basic`. */
  clientAuthentication?: ClientAuthentication;
}

/** A provider refused or failed: the member sees a clear message, nothing is created. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

// Twitch answers `scope` as an array, others as a string: only the access token matters here.
const tokenResponseSchema = z.object({ access_token: z.string().min(1) });
const errorResponseSchema = z.object({ error: z.string().max(200) });

/**
 * Authorization-code flow with state and PKCE (S256) against configurable endpoints, so that
 * tests and offline development can point it at a local fake provider.
 */
export class OAuthClient {
  private readonly client: OAuth2Client;

  constructor(private readonly endpoints: OAuthEndpoints) {
    this.client = new OAuth2Client(
      endpoints.clientId,
      endpoints.clientSecret,
      endpoints.redirectUri,
    );
  }

  start(): { url: URL; state: string; codeVerifier: string } {
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = this.client.createAuthorizationURLWithPKCE(
      this.endpoints.authorizeUrl,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      [...this.endpoints.scopes],
    );
    url.searchParams.set('scope', this.endpoints.scopes.join(' '));
    return { url, state, codeVerifier };
  }

  /**
   * Exchanges the code for an access token; any failure becomes a ProviderError whose message
   * names the status and the OAuth error code at most: never the code, the secret or a token.
   */
  async exchangeCode(code: string, codeVerifier: string): Promise<string> {
    const { clientId, clientSecret, redirectUri, tokenUrl, timeoutMs } = this.endpoints;
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (this.endpoints.clientAuthentication === 'body') {
      body.set('client_id', clientId);
      body.set('client_secret', clientSecret);
    } else {
      headers.authorization = `Basic ${basicCredentials(clientId, clientSecret)}`;
    }

    let response: Response;
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('The token endpoint did not answer', { cause: error });
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const oauthError = errorResponseSchema.safeParse(answer);
      const reason = oauthError.success ? ` (${oauthError.data.error})` : '';
      throw new ProviderError(`The token endpoint answered ${response.status}${reason}`);
    }
    const tokens = tokenResponseSchema.safeParse(answer);
    if (!tokens.success) throw new ProviderError('The token endpoint sent no access token');
    return tokens.data.access_token;
  }
}

/** As Discord and Twitter document it (and arctic sends it): `id:secret` in Base64, unescaped. */
function basicCredentials(clientId: string, clientSecret: string): string {
  return Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
}
