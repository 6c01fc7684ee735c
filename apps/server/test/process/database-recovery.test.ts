import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connectPostgres } from '../../src/db/client.js';
import {
  TEST_TIMEOUT_MS,
  makeWorkspace,
  signInLocally,
  spawnServer,
  startServer,
  stop,
  stopAllServers,
  usesPostgres,
  waitUntil,
  type RunningServer,
} from '../helpers/server-process.js';
import { createTestContext, testConfig } from '../helpers/test-app.js';
import { startTcpProxy } from './tcp-proxy.js';

const proxies: Awaited<ReturnType<typeof startTcpProxy>>[] = [];
afterEach(async () => {
  await stopAllServers();
  for (const proxy of proxies.splice(0)) await proxy.close();
});

const unavailable = { error: { code: 'database_unavailable', message: expect.any(String) } };

async function answer(server: RunningServer, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

const teamBody = (name: string) =>
  JSON.stringify({
    name,
    icon: 'shield',
    type: 'transversal',
    roles: [{ role: 'Captain' }, { role: 'Coach' }, { role: 'Analyst' }],
  });

/** A workspace whose PostgreSQL the server reaches through a proxy the test cuts and restores. */
async function behindProxy() {
  const workspace = await makeWorkspace();
  const direct = new URL(workspace.databaseUrl!);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
  proxies.push(proxy);
  const throughProxy = new URL(direct);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  return { workspace, proxy, throughProxy: throughProxy.toString() };
}

describe('the database going away', () => {
  if (usesPostgres) {
    it(
      'waits at start for a PostgreSQL that does not answer yet, then starts',
      async () => {
        const { workspace, proxy, throughProxy } = await behindProxy();
        await proxy.cut();
        const server = await spawnServer(workspace, {
          DATABASE_URL: throughProxy,
          SEED_DEMO: '0',
        });
        await waitUntil(server, 'waiting for the database', () =>
          server.stderr().includes('The database does not answer yet'),
        );
        await proxy.restore();
        await waitUntil(server, 'the start once the database answers', async () => {
          const health = await fetch(`${server.url}/healthz`).catch(() => undefined);
          return health?.status === 200;
        });
        expect(server.stderr()).toContain('The database answers: starting.');
        expect(await stop(server)).toEqual({ code: 0, signal: null });
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'answers 503 database_unavailable while PostgreSQL is away, keeps running, and recovers by itself',
      async () => {
        const { workspace, proxy, throughProxy } = await behindProxy();
        const server = await startServer(workspace, {
          DATABASE_URL: throughProxy,
          SEED_DEMO: '0',
          WRITE_RATE_LIMIT_PER_MINUTE: '100000',
        });
        const { member, cookie } = await signInLocally(server, 'Alice');
        const signedIn = { headers: { cookie } };
        const createTeam = (name: string) =>
          answer(server, '/api/teams', {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: teamBody(name),
          });

        // Writes (transactions of several statements) keep coming while the connections drop.
        let cut = false;
        const statuses = new Set<number>();
        const writers = Array.from({ length: 4 }, async (_, writer) => {
          for (let round = 0, refusedAfterCut = 0; refusedAfterCut < 3; round++) {
            const { status } = await createTeam(`Team ${writer}-${round}`);
            statuses.add(status);
            if (cut && status === 503) refusedAfterCut++;
          }
        });
        await waitUntil(server, 'writes before the cut', () => statuses.has(201));
        await proxy.cut();
        cut = true;
        await Promise.all(writers);
        // Each write either went through or was refused as unavailable, never a 500.
        expect([...statuses].sort()).toEqual([201, 503]);

        expect(await answer(server, '/readyz')).toEqual({ status: 503, body: unavailable });
        expect(await answer(server, '/api/user', signedIn)).toEqual({
          status: 503,
          body: unavailable,
        });
        expect(await answer(server, '/api/organization')).toMatchObject({ status: 503 });
        expect(await createTeam('Team while away')).toEqual({ status: 503, body: unavailable });
        expect(await answer(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
        expect(server.child.exitCode).toBeNull();

        await proxy.restore();
        // No restart: the pool opens new connections by itself.
        await waitUntil(
          server,
          '/readyz answering again',
          async () => (await answer(server, '/readyz')).status === 200,
        );
        expect(await answer(server, '/api/user', signedIn)).toMatchObject({
          status: 200,
          body: { _id: member._id, pseudo: 'Alice' },
        });
        const after = await createTeam('Team after the return');
        expect(after).toMatchObject({ status: 201, body: { name: 'Team after the return' } });
        const teams = await answer(server, '/api/teams', signedIn);
        expect(teams.body).toContainEqual(
          expect.objectContaining({ name: 'Team after the return' }),
        );

        expect(await stop(server)).toEqual({ code: 0, signal: null });
        expect(server.stderr()).toBe('');
      },
      TEST_TIMEOUT_MS,
    );
  } else {
    // The embedded database cannot go away; the API's answer to a PostgreSQL that is away
    // (refused at once: nothing listens on port 1) is checked on an app built in this process.
    it('makes the API answer 503 database_unavailable, not 500, and /readyz 503', async () => {
      const ctx = await createTestContext();
      const away = connectPostgres('postgres://postgres@127.0.0.1:1/guildhall');
      const app = await buildApp({
        config: testConfig(),
        database: away,
        vault: ctx.vault,
        logger: false,
        webRoot: '/nonexistent-web-root',
      });
      try {
        const organization = await app.inject({ method: 'GET', url: '/api/organization' });
        expect(organization.statusCode).toBe(503);
        expect(organization.json()).toEqual(unavailable);
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await away.close();
        await ctx.close();
      }
    });
  }
});
