import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';

export interface OAuthEndpoints {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: readonly string[];
  timeoutMs: number;
}

/** A provider refused or failed: the member sees a clear message, nothing is created. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

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
    return { url, state, codeVerifier };
  }

  /** Exchanges the code for an access token; any failure becomes a ProviderError. */
  async exchangeCode(code: string, codeVerifier: string): Promise<string> {
    try {
      const tokens = await withTimeout(
        this.client.validateAuthorizationCode(this.endpoints.tokenUrl, code, codeVerifier),
        this.endpoints.timeoutMs,
      );
      return tokens.accessToken();
    } catch (error) {
      throw new ProviderError('The provider refused the authorization code', { cause: error });
    }
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
