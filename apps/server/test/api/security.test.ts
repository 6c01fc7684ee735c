import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { users } from '../../src/db/schema.js';
import { signedInAs } from '../helpers/factories.js';
import {
  clientAs,
  createTestContext,
  sessionCookieFrom,
  testConfig,
  type TestContext,
} from '../helpers/test-app.js';

const PUBLIC_ORIGIN = 'http://localhost:5000';
const INDEX_HTML = '<!doctype html><title>t</title>';
const ASSET_JS = 'console.log("guildhall");';

/** A built web app in a temporary folder: index.html and one hashed asset. */
function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'guildhall-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'assets', 'app-abc.js'), ASSET_JS);
  writeFileSync(join(root, 'assets', 'app-abc.js.br'), brotliCompressSync(ASSET_JS));
  return root;
}

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = cspDirectives(response);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(String(response.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.discordapp.com']);
  // Game data and pictures come through Guildhall: the browser may not call Riot (decision 026).
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(String(response.headers['content-security-policy'])).not.toMatch(
    /riotgames|leagueoflegends/,
  );
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBeTruthy();
}

const countMembers = async (ctx: TestContext) => (await ctx.db.select().from(users)).length;

/** Asserts the standard JSON error body and returns it. */
function errorBody(response: LightMyRequestResponse, code: string) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ error: { code: string; message: string; issues?: unknown } }>();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

/** No stack frame nor file path leaks out of the server. */
function expectNoStackTrace(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\bat \S+ \(/);
  expect(response.body).not.toMatch(/\bat (file:\/\/|\/)/);
  expect(response.body).not.toMatch(/\/(apps|src|node_modules)\//);
  expect(response.body).not.toContain('.ts:');
  expect(response.body).not.toContain('.js:');
  expect(response.body).not.toContain('stack');
}

describe('security headers', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = makeWebRoot();
    ctx = await createTestContext({}, { webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('are on an API answer', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/organization');
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('are on an API error', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/user');
    expect(response.statusCode).toBe(401);
    expectSecurityHeaders(response);
  });

  it('are on the HTML page', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(response);
  });
});

describe('requests from another origin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('marks refusals of the vault and of the session member as never cached', async () => {
    for (const url of ['/api/password', '/api/user']) {
      const response = await clientAs(ctx, 'anonymous').inject({
        method: url === '/api/user' ? 'PUT' : 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a sign-in posted from another Origin and creates nobody', async () => {
    const before = await countMembers(ctx);
    const response = await clientAs(ctx, 'anonymous').post(
      '/auth/local',
      { pseudo: 'Mallory' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
    errorBody(response, 'cross_origin_refused');
    expect(sessionCookieFrom(response)).toBeUndefined();
    expect(await countMembers(ctx)).toBe(before);
  });

  it('refuses a sign-in the browser marks as cross-site and creates nobody', async () => {
    const before = await countMembers(ctx);
    const response = await clientAs(ctx, 'anonymous').post(
      '/auth/local',
      { pseudo: 'Mallory' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(response.statusCode).toBe(403);
    errorBody(response, 'cross_origin_refused');
    expect(await countMembers(ctx)).toBe(before);
  });

  it('refuses a PUT from another origin even with a valid session cookie, and changes nothing', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const account = {
      name: 'Martin',
      surname: 'Léa',
      pseudo: 'Renamed',
      birthday: '1999-04-02',
      email: 'lea@example.com',
    };
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await clientAs(ctx, { cookie }).put('/api/user', account, { headers });
      expect(response.statusCode).toBe(403);
      errorBody(response, 'cross_origin_refused');
    }
    const me = await clientAs(ctx, { cookie }).get('/api/user');
    expect(me.json()).toMatchObject({ pseudo: member.pseudo, name: null, email: null });

    const sameOrigin = await clientAs(ctx, { cookie }).put('/api/user', account, {
      headers: { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.json()).toMatchObject({ pseudo: 'Renamed', email: 'lea@example.com' });
  });

  it('refuses a logout from another origin: the session keeps working', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const logout = await clientAs(ctx, { cookie }).post('/auth/logout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    const me = await clientAs(ctx, { cookie }).get('/api/user');
    expect(me.statusCode).toBe(200);
  });

  it('accepts the same sign-in from the public origin', async () => {
    const before = await countMembers(ctx);
    const response = await clientAs(ctx, 'anonymous').post(
      '/auth/local',
      { pseudo: 'Alice' },
      { headers: { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ pseudo: 'Alice' });
    expect(sessionCookieFrom(response)).toBeDefined();
    expect(await countMembers(ctx)).toBe(before + 1);
  });

  it('accepts the same sign-in without an Origin header (same-origin tools, curl)', async () => {
    const before = await countMembers(ctx);
    const response = await clientAs(ctx, 'anonymous').post('/auth/local', { pseudo: 'Bob' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ pseudo: 'Bob' });
    expect(await countMembers(ctx)).toBe(before + 1);
  });

  it('lets reads from another origin through', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/organization', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limit on /auth/*', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());

  it('answers 429 with Retry-After to the 4th sign-in in a minute, but not to reads of the API', async () => {
    for (const pseudo of ['Alice', 'Bob', 'Carol']) {
      const response = await clientAs(ctx, 'anonymous').post('/auth/local', { pseudo });
      expect(response.statusCode).toBe(200);
    }
    const before = await countMembers(ctx);
    const limited = await clientAs(ctx, 'anonymous').post('/auth/local', { pseudo: 'Dave' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    errorBody(limited, 'rate_limited');
    expect(sessionCookieFrom(limited)).toBeUndefined();
    expect(await countMembers(ctx)).toBe(before);

    for (let attempt = 0; attempt < 10; attempt++) {
      const read = await clientAs(ctx, 'anonymous').get('/api/organization');
      expect(read.statusCode).toBe(200);
    }
  });
});

describe('rate limit on /auth/*, whatever the spelling of the path', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => ctx.close());

  it('counts a percent-encoded /auth path in the same bucket', async () => {
    const statuses: number[] = [];
    for (const url of ['/auth/local', '/%61uth/local', '/%61uth/local']) {
      const response = await clientAs(ctx, 'anonymous').post(url, { pseudo: 'Eve' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('does not count reading which sign-in methods exist', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await clientAs(ctx, 'anonymous').get('/auth/methods');
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('malformed requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers malformed JSON with 400 bad_request and no stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: '{"pseudo": "Alice",',
    });
    expect(response.statusCode).toBe(400);
    const error = errorBody(response, 'bad_request');
    expect(error.message.length).toBeGreaterThan(0);
    expect(Object.keys(response.json())).toEqual(['error']);
    expectNoStackTrace(response);
    expect(await countMembers(ctx)).toBe(0);
  });

  it('answers a body of the wrong shape with 400 validation_failed naming the field', async () => {
    for (const payload of [{ pseudo: 'A' }, { pseudo: 42 }, { name: 'Alice' }]) {
      const response = await clientAs(ctx, 'anonymous').post('/auth/local', payload);
      expect(response.statusCode).toBe(400);
      const error = errorBody(response, 'validation_failed');
      expect(error.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: expect.stringContaining('pseudo') }),
        ]),
      );
      expectNoStackTrace(response);
    }
    expect(await countMembers(ctx)).toBe(0);
  });

  it('answers a body over 1 MB with 413 payload_too_large', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pseudo: 'Alice', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    errorBody(response, 'payload_too_large');
    expectNoStackTrace(response);
    expect(await countMembers(ctx)).toBe(0);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await clientAs(ctx, 'anonymous').inject({
        method,
        url: '/api/does-not-exist',
      });
      expect(response.statusCode).toBe(404);
      errorBody(response, 'not_found');
    }
  });

  it('answers GET /api/user for an anonymous visitor with 401 and no-store', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/user');
    expect(response.statusCode).toBe(401);
    errorBody(response, 'unauthenticated');
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('keeps the signed-in member out of caches too', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).get('/api/user');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
  });
});

describe('health', () => {
  let ctx: TestContext;
  let unreachable: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext();
    unreachable = await buildApp({
      config: testConfig(),
      database: { ...ctx.database, ping: () => Promise.reject(new Error('connection refused')) },
      vault: ctx.vault,
      logger: false,
      webRoot: '/nonexistent-web-root',
    });
    await unreachable.ready();
  });
  afterAll(async () => {
    await unreachable.close();
    await ctx.close();
  });

  it('answers /healthz while the process is up', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz with 503 when the database does not answer, and /healthz still 200', async () => {
    const response = await clientAs({ app: unreachable }, 'anonymous').get('/readyz');
    expect(response.statusCode).toBe(503);
    errorBody(response, 'database_unavailable');
    expect(response.body).not.toContain('connection refused');
    expectNoStackTrace(response);
    const health = await clientAs({ app: unreachable }, 'anonymous').get('/healthz');
    expect(health.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('documents the routes at /api/docs/json', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, object> }>();
    expect(document.openapi).toMatch(/^3\./);
    const methods = (path: string) => Object.keys(document.paths[path] ?? {});
    expect(methods('/api/user')).toEqual(expect.arrayContaining(['get', 'put']));
    expect(methods('/api/organization')).toContain('get');
    expect(methods('/auth/local')).toContain('post');
    expect(methods('/auth/logout')).toContain('post');
    expect(methods('/auth/methods')).toContain('get');
  });

  it('describes the request body from the zod schema', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/docs/json');
    const text = JSON.stringify(
      response.json<{ paths: Record<string, unknown> }>().paths['/auth/local'],
    );
    expect(text).toContain('pseudo');
  });

  it('serves the docs page at /api/docs', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body.toLowerCase()).toContain('<html');
    const csp = cspDirectives(response);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(String(response.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
  });

  it('serves the scripts and stylesheets the docs page asks for', async () => {
    const page = await clientAs(ctx, 'anonymous').get('/api/docs');
    const references = [...page.body.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)]
      .map((match) => new URL(match[1]!, 'http://localhost:5000/api/docs').pathname)
      .filter((path) => /\.(js|css)$/.test(path));
    expect(references.length).toBeGreaterThan(0);
    for (const url of references) {
      const response = await clientAs(ctx, 'anonymous').get(url);
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('the built web app', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = makeWebRoot();
    ctx = await createTestContext({}, { webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the precompressed copy of an asset to a browser that accepts it', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/assets/app-abc.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET_JS);
  });

  it.each(['/', '/dashboard', '/users/123', '/settings/organization?tab=colours'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const response = await clientAs(ctx, 'anonymous').get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/assets/app-abc.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(ASSET_JS);
    const cacheControl = String(response.headers['cache-control']);
    expect(cacheControl).toContain('immutable');
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it('answers an unknown API path with JSON, not the page', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/nope');
    expect(response.statusCode).toBe(404);
    errorBody(response, 'not_found');
    expect(response.body).not.toContain(INDEX_HTML);
  });

  it('answers an unknown /auth path with JSON, not the page', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/auth/nope');
    expect(response.statusCode).toBe(404);
    errorBody(response, 'not_found');
  });

  it('answers a missing file with 404, not the page', async () => {
    for (const url of ['/missing.js', '/assets/missing-123.js']) {
      const response = await clientAs(ctx, 'anonymous').get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(INDEX_HTML);
    }
  });

  it('still answers the API next to the page', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/organization');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Guildhall' });
  });
});
