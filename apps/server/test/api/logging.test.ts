import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

interface LogEntry {
  level: number;
  msg: string;
  reqId?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

describe('request logs', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext();
    const options = loggerOptions('info');
    if (typeof options !== 'object') throw new Error('logger options expected');
    app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      vault: ctx.vault,
      logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
      webRoot: '/nonexistent-web-root',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('write one line per request once answered, without cookies, tokens or query', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const token = cookie.split('=')[1]!;
    // A declared parameter: an unknown one is refused (decision 019).
    const me = await clientAs({ app }, { cookie }).get('/api/users?q=secret-oauth-code', {
      headers: { authorization: 'Bearer secret-bearer' },
    });
    expect(me.statusCode).toBe(200);
    const anonymous = await clientAs({ app }, 'anonymous').get('/api/users');
    expect(anonymous.statusCode).toBe(401);
    // A later request: the lines of the first two are written by the time it is answered.
    expect((await clientAs({ app }, 'anonymous').get('/healthz')).statusCode).toBe(200);

    const entries = lines.map((line) => JSON.parse(line) as LogEntry);
    const [signedIn, refused] = entries.filter((entry) => entry.req?.url === '/api/users');
    for (const [entry, status] of [
      [signedIn, 200],
      [refused, 401],
    ] as const) {
      expect(entry).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/users' },
        res: { statusCode: status },
      });
      expect(entry!.req!.id).toBe(entry!.reqId);
      expect(entry!.responseTime).toBeGreaterThanOrEqual(0);
      expect(entries.filter((other) => other.reqId === entry!.reqId)).toHaveLength(1);
    }
    expect(signedIn!.reqId).not.toBe(refused!.reqId);

    const logs = lines.join('');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('guildhall_session');
    expect(logs).not.toMatch(/"(set-)?cookie"\s*:/i);
    expect(logs).not.toContain('secret-bearer');
    expect(logs).not.toContain('secret-oauth-code');
  });
});
