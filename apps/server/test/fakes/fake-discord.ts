import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Discord account as the fake provider knows it. */
export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator?: string;
  avatar?: string | null;
  email?: string | null;
  verified?: boolean;
  /** Servers the account belongs to. */
  guilds?: string[];
}

export interface FakeDiscordBehaviour {
  /** The account the next authorization signs in. */
  user: FakeDiscordUser;
  /** What the member answers on the consent screen. */
  consent: 'allow' | 'deny';
  /** The token endpoint answers 500. */
  tokenFails: boolean;
}

/** A member of the fake guild: a person, or a bot. */
export interface FakeGuildMember {
  username: string;
  roleIds: string[];
  globalName?: string;
  /** The member's nickname on this server. */
  nick?: string;
  bot?: boolean;
}

/** The Discord server the fake holds for Guildhall's bot: its roles and members. */
export interface FakeGuild {
  id: string;
  /** The bot's token the fake accepts; any other is refused with 401. */
  botToken: string;
  roles: { id: string; name: string; color: number; position: number }[];
  /** Members by Discord user id, with the ids of their roles. */
  members: Map<string, FakeGuildMember>;
  /** The bot has the privileged Server Members intent: the member list may be read. */
  membersIntent: boolean;
  /** Requests each route bucket allows per window, and the window (Discord's per-route limits). */
  rateLimit: { limit: number; windowMs: number };
  /** Requests to the bot's routes, in order, and the 429s and 401s the fake answered. */
  requests: { path: string; at: number }[];
  tooManyRequests: number;
  unauthorized: number;
}

export const fakeGuild = (id = '613425648685547541'): FakeGuild => ({
  id,
  botToken: 'fake-bot-token',
  roles: [],
  members: new Map(),
  membersIntent: false,
  rateLimit: { limit: 50, windowMs: 1_000 },
  requests: [],
  tooManyRequests: 0,
  unauthorized: 0,
});

/** A webhook of a channel, as Discord keeps it: its posts, per-webhook limits and refusals. */
export interface FakeWebhook {
  id: string;
  token: string;
  /** Posts each bucket allows per window: Discord's webhooks take about 5 per 2 seconds. */
  rateLimit: { limit: number; windowMs: number };
  /** Messages received, in order, with when they arrived. */
  posts: { body: Record<string, unknown>; at: number }[];
  /** Every request, answered or refused. */
  requests: { method: string; status: number; at: number }[];
  /** 429s the fake answered, its own bucket's and forced ones. */
  tooManyRequests: number;
  /** The next posts answer 429 with this `retry_after` (seconds), the shared channel limit's way. */
  forceTooManyRequests: { count: number; retryAfterSeconds: number };
  /** The next posts answer 500. */
  failNext: number;
  /** Deleted in Discord: 404 Unknown Webhook. */
  deleted: boolean;
}

export const fakeWebhook = (id = '1180000000000000001'): FakeWebhook => ({
  id,
  token: `tok_${randomBytes(30).toString('base64url')}`,
  rateLimit: { limit: 5, windowMs: 2_000 },
  posts: [],
  requests: [],
  tooManyRequests: 0,
  forceTooManyRequests: { count: 0, retryAfterSeconds: 0 },
  failNext: 0,
  deleted: false,
});

/** The URL Discord shows for a webhook (Integrations → Webhooks → Copy URL). */
export const webhookUrl = (webhook: Pick<FakeWebhook, 'id' | 'token'>) =>
  `https://discord.com/api/webhooks/${webhook.id}/${webhook.token}`;

interface IssuedCode {
  challenge: string;
  redirectUri: string;
  scopes: string[];
  user: FakeDiscordUser;
}

export interface FakeDiscord {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  behaviour: FakeDiscordBehaviour;
  /** The query of the last authorization request. */
  lastAuthorize: URLSearchParams | undefined;
  /** The guild of the bot's routes; members signing in belong to it by its member list. */
  guild: FakeGuild | undefined;
  /** Webhooks by id: GET and POST /webhooks/{id}/{token}. */
  webhooks: Map<string, FakeWebhook>;
  /** Settings for Guildhall that point it at this fake. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';

export const defaultFakeUser = (): FakeDiscordUser => ({
  id: '80351110224678912',
  username: 'nelly',
  global_name: 'Nelly',
  discriminator: '0',
  avatar: '8342729096ea3675442027381ff50dfe',
  email: 'nelly@example.com',
  verified: true,
  guilds: [],
});

/**
 * A local stand-in for Discord's OAuth2 and user endpoints, following Discord's documented
 * shapes: authorization code with PKCE, client authentication, Bearer access to /users/@me and
 * /users/@me/guilds/{guild}/member. POST /__control changes its behaviour (for browser tests).
 */
export async function startFakeDiscord(
  port = 0,
  /** 0.0.0.0 lets containers reach it (test/container); its URLs still name 127.0.0.1. */
  host = '127.0.0.1',
): Promise<FakeDiscord> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { user: FakeDiscordUser; scopes: string[] }>();

  const fake: FakeDiscord = {
    url: '',
    authorizeUrl: '',
    tokenUrl: '',
    apiUrl: '',
    behaviour: { user: defaultFakeUser(), consent: 'allow', tokenFails: false },
    lastAuthorize: undefined,
    guild: undefined,
    webhooks: new Map(),
    env: (extra = {}) => ({
      DISCORD_CLIENT_ID: FAKE_CLIENT_ID,
      DISCORD_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: fake.authorizeUrl,
      DISCORD_TOKEN_URL: fake.tokenUrl,
      DISCORD_API_URL: fake.apiUrl,
      ...extra,
    }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', fake.url);
    if (request.method === 'GET' && url.pathname === '/oauth2/authorize') {
      return authorize(url.searchParams, response);
    }
    if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
      return exchange(request, await readBody(request), response);
    }
    if (request.method === 'GET' && url.pathname === '/api/users/@me') {
      const grant = bearer(request);
      if (!grant) return json(response, 401, { message: '401: Unauthorized', code: 0 });
      return json(response, 200, { ...grant.user, guilds: undefined });
    }
    const member = /^\/api\/users\/@me\/guilds\/(\d+)\/member$/.exec(url.pathname);
    if (request.method === 'GET' && member) {
      const grant = bearer(request);
      if (!grant) return json(response, 401, { message: '401: Unauthorized', code: 0 });
      if (!grant.scopes.includes('guilds.members.read')) {
        return json(response, 403, { message: 'Missing Access', code: 50001 });
      }
      const { guild } = fake;
      const inGuild =
        guild && guild.id === member[1] ? guild.members.get(grant.user.id) : undefined;
      if (!inGuild && !grant.user.guilds?.includes(member[1]!)) {
        return json(response, 404, { message: 'Unknown Guild', code: 10004 });
      }
      return json(response, 200, {
        user: { id: grant.user.id },
        roles: inGuild?.roleIds ?? [],
        joined_at: new Date().toISOString(),
      });
    }
    const bot = /^\/api\/guilds\/(\d+)\/(roles|members)(?:\/(\d+))?$/.exec(url.pathname);
    if (request.method === 'GET' && bot && fake.guild && fake.guild.id === bot[1]) {
      return guildRoute(request, response, fake.guild, url, bot[2]!, bot[3]);
    }
    const hook = /^\/api\/webhooks\/(\d+)\/([^/]+)$/.exec(url.pathname);
    if (hook && (request.method === 'GET' || request.method === 'POST')) {
      const webhook = fake.webhooks.get(hook[1]!);
      if (!webhook || webhook.deleted || webhook.token !== hook[2]) {
        webhook?.requests.push({ method: request.method, status: 404, at: Date.now() });
        return json(response, 404, { message: 'Unknown Webhook', code: 10015 });
      }
      if (request.method === 'GET') {
        webhook.requests.push({ method: 'GET', status: 200, at: Date.now() });
        return json(response, 200, { id: webhook.id, type: 1, token: webhook.token });
      }
      return webhookPost(response, webhook, await readBody(request));
    }
    if (request.method === 'POST' && url.pathname === '/__control') {
      const changes = JSON.parse(
        (await readBody(request)) || '{}',
      ) as Partial<FakeDiscordBehaviour>;
      fake.behaviour = { ...fake.behaviour, ...changes };
      return json(response, 200, fake.behaviour);
    }
    json(response, 404, { message: '404: Not Found', code: 0 });
  };

  /** Windows of each route bucket: when it started and how many requests it took. */
  const buckets = new Map<string, { startedAt: number; count: number }>();

  /** The bot's routes, with Discord's rate-limit headers and answers. */
  const guildRoute = (
    request: IncomingMessage,
    response: ServerResponse,
    guild: FakeGuild,
    url: URL,
    resource: string,
    memberId: string | undefined,
  ) => {
    guild.requests.push({ path: url.pathname, at: Date.now() });
    if (request.headers.authorization !== `Bot ${guild.botToken}`) {
      guild.unauthorized += 1;
      return json(response, 401, { message: '401: Unauthorized', code: 0 });
    }
    const bucketName = `${resource}${memberId ? '/:id' : ''}`;
    const now = Date.now();
    let bucket = buckets.get(bucketName);
    if (!bucket || now - bucket.startedAt >= guild.rateLimit.windowMs) {
      bucket = { startedAt: now, count: 0 };
      buckets.set(bucketName, bucket);
    }
    const resetAfter = (bucket.startedAt + guild.rateLimit.windowMs - now) / 1000;
    const limitHeaders = (remaining: number) => ({
      'x-ratelimit-limit': String(guild.rateLimit.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String((bucket.startedAt + guild.rateLimit.windowMs) / 1000),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': `fake-${bucketName}`,
    });
    if (bucket.count >= guild.rateLimit.limit) {
      guild.tooManyRequests += 1;
      response.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(Math.ceil(resetAfter)),
        'x-ratelimit-scope': 'user',
        ...limitHeaders(0),
      });
      return response.end(
        JSON.stringify({
          message: 'You are being rate limited.',
          retry_after: resetAfter,
          global: false,
        }),
      );
    }
    bucket.count += 1;
    const ok = (body: unknown) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        ...limitHeaders(guild.rateLimit.limit - bucket.count),
      });
      response.end(JSON.stringify(body));
    };
    const present = (id: string, member: FakeGuildMember) => ({
      user: {
        id,
        username: member.username,
        global_name: member.globalName ?? null,
        avatar: null,
        ...(member.bot && { bot: true }),
      },
      nick: member.nick ?? null,
      roles: member.roleIds,
      joined_at: new Date(0).toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
    });
    if (resource === 'roles') return ok(guild.roles);
    if (memberId) {
      const member = guild.members.get(memberId);
      if (!member) return json(response, 404, { message: 'Unknown Member', code: 10007 });
      return ok(present(memberId, member));
    }
    if (!guild.membersIntent)
      return json(response, 403, { message: 'Missing Access', code: 50001 });
    const limit = Number(url.searchParams.get('limit') ?? 1);
    const after = BigInt(url.searchParams.get('after') ?? '0');
    const page = [...guild.members.entries()]
      .filter(([id]) => BigInt(id) > after)
      .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
      .slice(0, limit);
    return ok(page.map(([id, member]) => present(id, member)));
  };

  /** Windows of each webhook's bucket. */
  const webhookBuckets = new Map<string, { startedAt: number; count: number }>();

  /** Executes a webhook as Discord does, within its bucket: 204, or 429 with `retry_after`. */
  const webhookPost = (response: ServerResponse, webhook: FakeWebhook, body: string) => {
    const now = Date.now();
    let bucket = webhookBuckets.get(webhook.id);
    if (!bucket || now - bucket.startedAt >= webhook.rateLimit.windowMs) {
      bucket = { startedAt: now, count: 0 };
      webhookBuckets.set(webhook.id, bucket);
    }
    const resetAfter = (bucket.startedAt + webhook.rateLimit.windowMs - now) / 1000;
    const headers = (remaining: number) => ({
      'x-ratelimit-limit': String(webhook.rateLimit.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String((bucket.startedAt + webhook.rateLimit.windowMs) / 1000),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': `fake-webhook-${webhook.id}`,
    });
    const tooMany = (retryAfter: number, scope: string) => {
      webhook.tooManyRequests += 1;
      webhook.requests.push({ method: 'POST', status: 429, at: now });
      response.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(Math.ceil(retryAfter)),
        'x-ratelimit-scope': scope,
        ...headers(0),
      });
      response.end(
        JSON.stringify({
          message: 'You are being rate limited.',
          retry_after: retryAfter,
          global: false,
        }),
      );
    };
    if (webhook.forceTooManyRequests.count > 0) {
      webhook.forceTooManyRequests.count -= 1;
      return tooMany(webhook.forceTooManyRequests.retryAfterSeconds, 'shared');
    }
    if (bucket.count >= webhook.rateLimit.limit) return tooMany(resetAfter, 'user');
    bucket.count += 1;
    if (webhook.failNext > 0) {
      webhook.failNext -= 1;
      webhook.requests.push({ method: 'POST', status: 500, at: now });
      return json(response, 500, { message: '500: Internal Server Error', code: 0 });
    }
    webhook.requests.push({ method: 'POST', status: 204, at: now });
    webhook.posts.push({ body: JSON.parse(body) as Record<string, unknown>, at: now });
    response.writeHead(204, headers(webhook.rateLimit.limit - bucket.count)).end();
  };

  const authorize = (query: URLSearchParams, response: ServerResponse) => {
    fake.lastAuthorize = query;
    const redirectUri = query.get('redirect_uri');
    const state = query.get('state');
    if (
      query.get('client_id') !== FAKE_CLIENT_ID ||
      !redirectUri ||
      query.get('response_type') !== 'code'
    ) {
      return json(response, 400, { error: 'invalid_request' });
    }
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) {
      return json(response, 400, {
        error: 'invalid_request',
        error_description: 'PKCE S256 required',
      });
    }
    const back = new URL(redirectUri);
    if (state) back.searchParams.set('state', state);
    if (fake.behaviour.consent === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set(
        'error_description',
        'The resource owner or authorization server denied the request',
      );
    } else {
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: query.get('code_challenge')!,
        redirectUri,
        scopes: (query.get('scope') ?? '').split(' ').filter(Boolean),
        user: fake.behaviour.user,
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() }).end();
  };

  const exchange = (request: IncomingMessage, body: string, response: ServerResponse) => {
    if (fake.behaviour.tokenFails) return json(response, 500, { message: 'Internal Server Error' });
    const form = new URLSearchParams(body);
    const basic = Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`).toString('base64');
    const clientOk =
      request.headers.authorization === `Basic ${basic}` ||
      (form.get('client_id') === FAKE_CLIENT_ID &&
        form.get('client_secret') === FAKE_CLIENT_SECRET);
    if (!clientOk) return json(response, 401, { error: 'invalid_client' });
    const issued = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !issued ||
      issued.redirectUri !== form.get('redirect_uri') ||
      issued.challenge !== challenge
    ) {
      return json(response, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, { user: issued.user, scopes: issued.scopes });
    json(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604_800,
      refresh_token: randomBytes(16).toString('hex'),
      scope: issued.scopes.join(' '),
    });
  };

  const bearer = (request: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    return match ? tokens.get(match[1]!) : undefined;
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${actualPort}`;
  fake.authorizeUrl = `${fake.url}/oauth2/authorize`;
  fake.tokenUrl = `${fake.url}/api/oauth2/token`;
  fake.apiUrl = `${fake.url}/api`;
  return fake;
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
