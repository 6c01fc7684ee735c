import { errorBodySchema } from '@guildhall/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

const countMembers = async (ctx: TestContext) => (await ctx.db.select().from(users)).length;

function expectRefusedHost(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(421);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(errorBodySchema.parse(response.json()).error.code).toBe('host_not_allowed');
  // A refusal is an answer like any other: it carries the security headers.
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe('host names in local mode (DNS rebinding)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('refuses a sign-in from a page whose own name resolves to this server, and creates nobody', async () => {
    const before = await countMembers(ctx);
    const response = await clientAs(ctx, 'anonymous').post(
      '/auth/local',
      { pseudo: 'Admin' },
      {
        headers: {
          host: 'rebind.example:5000',
          origin: 'http://rebind.example:5000',
          'sec-fetch-site': 'same-origin',
        },
      },
    );
    expectRefusedHost(response);
    expect(response.cookies).toHaveLength(0);
    expect(await countMembers(ctx)).toBe(before);
  });

  it('refuses reads under a foreign host name too, with or without a session', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    for (const url of ['/api/password', '/api/users', '/api/organization', '/']) {
      expectRefusedHost(
        await clientAs(ctx, { cookie }).get(url, { headers: { host: 'rebind.example' } }),
      );
    }
  });

  it('never takes the Host a request claims as its origin', async () => {
    const response = await clientAs(ctx, 'anonymous').post(
      '/auth/local',
      { pseudo: 'Admin' },
      { headers: { host: 'localhost:5000', origin: 'http://rebind.example:5000' } },
    );
    expect(response.statusCode).toBe(403);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('cross_origin_refused');
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'LOCALHOST'])(
    'answers the operator at %s on the public port',
    async (hostname) => {
      const response = await clientAs(ctx, 'anonymous').post(
        '/auth/local',
        { pseudo: `Operator-${hostname.replace(/\W/g, '')}` },
        {
          headers: {
            host: `${hostname}:5000`,
            origin: `http://${hostname.toLowerCase()}:5000`,
            'sec-fetch-site': 'same-origin',
          },
        },
      );
      expect(response.statusCode).toBe(200);
    },
  );

  it('refuses writes from a loopback page on another port (another local app)', async () => {
    const response = await clientAs(ctx, 'anonymous').post(
      '/auth/local',
      { pseudo: 'Someone' },
      { headers: { host: 'localhost:5000', origin: 'http://localhost:3000' } },
    );
    expect(response.statusCode).toBe(403);
  });

  it('answers the health probes whatever name they use', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await clientAs(ctx, 'anonymous').get(url, { headers: { host: '10.0.0.7' } });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('host names behind a public address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.org',
      DISCORD_CLIENT_ID: 'client',
      DISCORD_CLIENT_SECRET: 'secret',
      VAULT_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
  });
  afterAll(() => ctx.close());

  it('answers at the host of PUBLIC_URL, whatever the case', async () => {
    for (const host of ['portal.example.org', 'Portal.Example.org:443']) {
      const response = await clientAs(ctx, 'anonymous').get('/api/organization', {
        headers: { host },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('does not answer at the loopback names outside local mode', async () => {
    for (const host of ['localhost:5000', '127.0.0.1', '[::1]:5000', 'portal.example.org.evil']) {
      expectRefusedHost(
        await clientAs(ctx, 'anonymous').get('/api/organization', { headers: { host } }),
      );
    }
  });

  it('accepts writes from the public origin only', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const write = (origin: string) =>
      clientAs(ctx, { cookie }).post('/auth/logout', undefined, {
        headers: { host: 'portal.example.org', origin },
      });
    expect((await write('http://portal.example.org')).statusCode).toBe(403);
    expect((await write('https://portal.example.org')).statusCode).toBe(204);
  });

  it('ignores X-Forwarded-Host from a client it does not trust', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/organization', {
      headers: { host: 'portal.example.org', 'x-forwarded-host': 'rebind.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('host names behind a trusted reverse proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // inject's requests come from 127.0.0.1: the proxy's address. (A hop count is not enough:
    // Fastify takes X-Forwarded-Host only from a peer it can check.)
    ctx = await createTestContext({
      PUBLIC_URL: 'https://portal.example.org',
      TRUST_PROXY: '127.0.0.1',
    });
  });
  afterAll(() => ctx.close());

  it('checks the host the proxy forwards, not its own upstream name', async () => {
    const forwarded = (name: string) =>
      clientAs(ctx, 'anonymous').get('/api/organization', {
        headers: { host: 'guildhall:5000', 'x-forwarded-host': name },
      });
    expect((await forwarded('portal.example.org')).statusCode).toBe(200);
    expectRefusedHost(await forwarded('rebind.example'));
  });
});
