import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { unlockVault, type Vault } from '../../src/services/vault/keyring.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { ensureOrganization } from '../../src/services/organization/ensure-organization.js';
import type { UserRow } from '../../src/db/schema.js';
import { sessionCookieFor } from './factories.js';
import { createTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  vault: Vault;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A configuration as the server would read it, in local mode unless the test says otherwise. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    PUBLIC_URL: 'http://localhost:5000',
    // Never Riot's CDN from a test: a port that refuses, unless the test starts a fake.
    DATA_DRAGON_URL: 'http://127.0.0.1:9',
    ...env,
  });
}

/** A fresh database and the app built on it; each test file makes its own. */
export async function createTestContext(
  env: Record<string, string | undefined> = {},
  options: { webRoot?: string } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  await ensureOrganization({ db: database.db });
  const config = testConfig(env);
  const vault = await unlockVault(database.db, randomBytes(32));
  const app = await buildApp({
    config,
    database,
    vault,
    logger: false,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
  });
  await app.ready();
  return {
    app,
    vault,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie a response set, ready to send back as a Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  return cookie && cookie.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * What describes the answer itself or its connection; every other header but the rate limit's is
 * a security header.
 */
const CONTENT_HEADERS = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/** The security headers of an answer (from `inject` or a real socket), by lowercase name. */
export function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) =>
        !CONTENT_HEADERS.has(name.toLowerCase()) && !/^(x-ratelimit-|retry-after$)/i.test(name),
    ),
  );
}

/** Who sends the requests: a member (signed in on first use), nobody, or a given Cookie header. */
export type Caller = UserRow | 'anonymous' | { cookie: string };

/** Everything `inject` takes but the method, the address and the body. */
export type RequestOptions = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'>;

/** A body: an object is sent as JSON, a string or a Buffer as it is. */
export type Body = object | string | Buffer;

export interface Client {
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Any request, with the caller's cookie added to the headers it gives. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * The one way tests call the app: requests as `caller` would send them, with its session cookie
 * and the headers the options add (origin, host...). A member's session is made on the first
 * request. `app` is the context's app unless another instance on the same database is given;
 * `onResponse` checks what every answer of a file must hold.
 */
export function clientAs(
  ctx: { app: FastifyInstance; db?: Db; config?: Config },
  caller: Caller,
  options: { onResponse?: (response: LightMyRequestResponse, request: InjectOptions) => void } = {},
): Client {
  let cookie: Promise<string | undefined> | undefined;
  const cookieOf = (): Promise<string | undefined> => {
    if (caller === 'anonymous') return Promise.resolve(undefined);
    if ('cookie' in caller) return Promise.resolve(caller.cookie);
    if (!ctx.db || !ctx.config) throw new Error('signing a member in needs the db and config');
    return (cookie ??= sessionCookieFor(ctx.db, ctx.config, caller));
  };
  const inject = async (requestOptions: InjectOptions) => {
    const session = await cookieOf();
    const headers = { ...(session && { cookie: session }), ...requestOptions.headers };
    const request = { ...requestOptions, headers };
    const response = await ctx.app.inject(request);
    options.onResponse?.(response, request);
    return response;
  };
  const withBody =
    (method: 'POST' | 'PUT' | 'PATCH') => (url: string, body?: Body, options?: RequestOptions) =>
      inject({ ...options, method, url, ...(body !== undefined && { payload: body }) });
  return {
    get: (url, options) => inject({ ...options, method: 'GET', url }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: (url, options) => inject({ ...options, method: 'DELETE', url }),
    inject,
  };
}
