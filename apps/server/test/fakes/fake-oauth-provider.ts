import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOAuthKind = 'twitch' | 'twitter';

/** An account as the fake provider knows it; each kind answers it in its own shape. */
export interface FakeSocialAccount {
  id: string;
  /** Twitch `login`, Twitter `username`. */
  login: string;
  /** Twitch `display_name`, Twitter `name`. */
  displayName: string;
}

export interface FakeOAuthBehaviour {
  /** The account the next authorization links. */
  account: FakeSocialAccount;
  /** What the member answers on the consent screen. */
  consent: 'allow' | 'deny';
  /** The token endpoint answers 500. */
  tokenFails: boolean;
  /** The user endpoint answers 503. */
  profileFails: boolean;
}

export interface FakeOAuthProvider {
  kind: FakeOAuthKind;
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  behaviour: FakeOAuthBehaviour;
  /** The query of the last authorization request. */
  lastAuthorize: URLSearchParams | undefined;
  /** Settings for Guildhall that point it at this fake. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Back to the default account and an agreeable provider. */
  reset(): void;
  close(): Promise<void>;
}

interface IssuedCode {
  challenge: string | null;
  redirectUri: string;
  scopes: string[];
  account: FakeSocialAccount;
}

interface Protocol {
  authorizePath: string;
  tokenPath: string;
  apiPath: string;
  /** Twitter requires PKCE S256; Twitch ignores PKCE, the fake checks it when it is sent. */
  pkceRequired: boolean;
  /** Twitch takes the client's credentials in the form body only, Twitter in HTTP Basic. */
  clientAuthentication: 'body' | 'basic';
  deniedDescription: string;
}

const protocols: Record<FakeOAuthKind, Protocol> = {
  // https://dev.twitch.tv/docs/authentication/getting-tokens-oauth/#authorization-code-grant-flow
  twitch: {
    authorizePath: '/oauth2/authorize',
    tokenPath: '/oauth2/token',
    apiPath: '/helix',
    pkceRequired: false,
    clientAuthentication: 'body',
    deniedDescription: 'The user denied you access',
  },
  // https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
  twitter: {
    authorizePath: '/i/oauth2/authorize',
    tokenPath: '/2/oauth2/token',
    apiPath: '/2',
    pkceRequired: true,
    clientAuthentication: 'basic',
    deniedDescription: 'The user denied the request',
  },
};

export const defaultFakeAccount = (kind: FakeOAuthKind): FakeSocialAccount =>
  kind === 'twitch'
    ? { id: '141981764', login: 'nellystreams', displayName: 'NellyStreams' }
    : { id: '2244994945', login: 'NellyTweets', displayName: 'Nelly' };

/**
 * A local stand-in for Twitch's or Twitter's OAuth 2.0 and user endpoints, following their
 * documented shapes, and strict where they are: client authentication as each provider takes it,
 * PKCE, single-use codes bound to the redirect URI, Bearer tokens (and Client-Id for Twitch) on
 * the user endpoint. POST /__control changes its behaviour (for browser tests).
 */
export async function startFakeOAuthProvider(
  kind: FakeOAuthKind,
  port = 0,
): Promise<FakeOAuthProvider> {
  const protocol = protocols[kind];
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { account: FakeSocialAccount; scopes: string[] }>();
  const prefix = kind.toUpperCase();

  const fake: FakeOAuthProvider = {
    kind,
    url: '',
    authorizeUrl: '',
    tokenUrl: '',
    apiUrl: '',
    clientId: `fake-${kind}-client-id`,
    clientSecret: `fake-${kind}-client-secret`,
    behaviour: defaultBehaviour(kind),
    lastAuthorize: undefined,
    env: (extra = {}) => ({
      [`${prefix}_CLIENT_ID`]: fake.clientId,
      [`${prefix}_CLIENT_SECRET`]: fake.clientSecret,
      [`${prefix}_AUTHORIZE_URL`]: fake.authorizeUrl,
      [`${prefix}_TOKEN_URL`]: fake.tokenUrl,
      [`${prefix}_API_URL`]: fake.apiUrl,
      ...extra,
    }),
    reset: () => {
      fake.behaviour = defaultBehaviour(kind);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', fake.url);
    if (request.method === 'GET' && url.pathname === protocol.authorizePath) {
      return authorize(url.searchParams, response);
    }
    if (request.method === 'POST' && url.pathname === protocol.tokenPath) {
      return exchange(request, await readBody(request), response);
    }
    if (request.method === 'GET' && kind === 'twitch' && url.pathname === '/helix/users') {
      return twitchUsers(request, response);
    }
    if (request.method === 'GET' && kind === 'twitter' && url.pathname === '/2/users/me') {
      return twitterMe(request, response);
    }
    if (request.method === 'POST' && url.pathname === '/__control') {
      const changes = JSON.parse((await readBody(request)) || '{}') as Partial<FakeOAuthBehaviour>;
      fake.behaviour = { ...fake.behaviour, ...changes };
      return json(response, 200, fake.behaviour);
    }
    json(response, 404, { error: 'Not Found', status: 404 });
  };

  const authorize = (query: URLSearchParams, response: ServerResponse) => {
    fake.lastAuthorize = query;
    const redirectUri = query.get('redirect_uri');
    const state = query.get('state');
    if (
      query.get('client_id') !== fake.clientId ||
      !redirectUri ||
      query.get('response_type') !== 'code'
    ) {
      return json(response, 400, { error: 'invalid_request' });
    }
    const challenge = query.get('code_challenge');
    const method = query.get('code_challenge_method');
    if ((protocol.pkceRequired || challenge) && (method !== 'S256' || !challenge)) {
      return json(response, 400, {
        error: 'invalid_request',
        error_description: 'PKCE with S256 is required',
      });
    }
    const back = new URL(redirectUri);
    if (fake.behaviour.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', protocol.deniedDescription);
    } else {
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge,
        redirectUri,
        scopes: (query.get('scope') ?? '').split(' ').filter(Boolean),
        account: fake.behaviour.account,
      });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    response.writeHead(302, { location: back.toString() }).end();
  };

  const exchange = (request: IncomingMessage, body: string, response: ServerResponse) => {
    if (fake.behaviour.tokenFails) {
      return json(response, 500, { status: 500, message: 'Internal Server Error' });
    }
    const form = new URLSearchParams(body);
    if (!clientAuthenticated(request, form)) {
      return kind === 'twitch'
        ? json(response, 403, { status: 403, message: 'invalid client secret' })
        : json(response, 401, {
            error: 'unauthorized_client',
            error_description: 'Missing valid authorization header',
          });
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    const verifier = form.get('code_verifier');
    const pkceOk =
      issued?.challenge === null
        ? true
        : verifier !== null &&
          createHash('sha256').update(verifier).digest('base64url') === issued?.challenge;
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !issued ||
      issued.redirectUri !== form.get('redirect_uri') ||
      !pkceOk
    ) {
      return kind === 'twitch'
        ? json(response, 400, { status: 400, message: 'Invalid authorization code' })
        : json(response, 400, {
            error: 'invalid_request',
            error_description: 'Value passed for the authorization code was invalid.',
          });
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, { account: issued.account, scopes: issued.scopes });
    // Twitch answers the scopes as an array, Twitter as a string.
    json(response, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: kind === 'twitch' ? 14_124 : 7_200,
      ...(kind === 'twitch' && { refresh_token: randomBytes(16).toString('hex') }),
      scope: kind === 'twitch' ? issued.scopes : issued.scopes.join(' '),
    });
  };

  const clientAuthenticated = (request: IncomingMessage, form: URLSearchParams) => {
    if (protocol.clientAuthentication === 'body') {
      return (
        request.headers.authorization === undefined &&
        form.get('client_id') === fake.clientId &&
        form.get('client_secret') === fake.clientSecret
      );
    }
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    return request.headers.authorization === `Basic ${basic}` && !form.has('client_secret');
  };

  const bearer = (request: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    return match ? tokens.get(match[1]!) : undefined;
  };

  // https://dev.twitch.tv/docs/api/reference/#get-users
  const twitchUsers = (request: IncomingMessage, response: ServerResponse) => {
    if (fake.behaviour.profileFails) {
      return json(response, 503, { error: 'Service Unavailable', status: 503, message: '' });
    }
    const grant = bearer(request);
    if (!grant) {
      return json(response, 401, {
        error: 'Unauthorized',
        status: 401,
        message: 'Invalid OAuth token',
      });
    }
    if (request.headers['client-id'] !== fake.clientId) {
      return json(response, 401, {
        error: 'Unauthorized',
        status: 401,
        message: 'Client ID and OAuth token do not match',
      });
    }
    const { account } = grant;
    json(response, 200, {
      data: [
        {
          id: account.id,
          login: account.login,
          display_name: account.displayName,
          type: '',
          broadcaster_type: '',
          description: '',
          profile_image_url: '',
          offline_image_url: '',
          view_count: 0,
          created_at: '2016-12-14T20:32:28Z',
        },
      ],
    });
  };

  // https://docs.x.com/x-api/users/user-lookup-me
  const twitterMe = (request: IncomingMessage, response: ServerResponse) => {
    if (fake.behaviour.profileFails) {
      return json(response, 503, { title: 'Service Unavailable', status: 503 });
    }
    const grant = bearer(request);
    if (!grant) {
      return json(response, 401, {
        title: 'Unauthorized',
        type: 'about:blank',
        status: 401,
        detail: 'Unauthorized',
      });
    }
    if (!grant.scopes.includes('users.read') || !grant.scopes.includes('tweet.read')) {
      return json(response, 403, {
        title: 'Forbidden',
        type: 'about:blank',
        status: 403,
        detail: 'The token lacks users.read or tweet.read',
      });
    }
    const { account } = grant;
    json(response, 200, {
      data: { id: account.id, name: account.displayName, username: account.login },
    });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { error: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${actualPort}`;
  fake.authorizeUrl = `${fake.url}${protocol.authorizePath}`;
  fake.tokenUrl = `${fake.url}${protocol.tokenPath}`;
  fake.apiUrl = `${fake.url}${protocol.apiPath}`;
  return fake;
}

function defaultBehaviour(kind: FakeOAuthKind): FakeOAuthBehaviour {
  return {
    account: defaultFakeAccount(kind),
    consent: 'allow',
    tokenFails: false,
    profileFails: false,
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
