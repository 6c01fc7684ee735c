import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, afterEach, describe, it } from 'vitest';
import {
  TEST_TIMEOUT_MS,
  exitOf,
  makeWorkspace,
  signInLocally,
  spawnServer,
  startServer,
  stop,
  stopAllServers,
  usesPostgres,
  type RunningServer,
} from '../helpers/server-process.js';

afterEach(stopAllServers);

async function organizationName(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/organization`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }).name;
}

describe('the server process', () => {
  it(
    'migrates and seeds the demo on the first start, and keeps its data across a restart',
    async () => {
      const workspace = await makeWorkspace();
      const first = await startServer(workspace);
      const health = await fetch(`${first.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${first.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await organizationName(first)).toBe('Guildhall Esport');
      // It runs on the engine of this test project.
      expect(first.stdout()).toContain(`"engine":"${usesPostgres ? 'postgres' : 'pglite'}"`);

      const { member } = await signInLocally(first, 'Alice');
      expect(member).toMatchObject({ pseudo: 'Alice', role: 'admin' });
      expect(member._id).toMatch(/^[0-9a-f]{24}$/);
      expect(await stop(first)).toEqual({ code: 0, signal: null });

      const second = await startServer(workspace);
      expect(await organizationName(second)).toBe('Guildhall Esport');
      const again = await signInLocally(second, 'alice');
      expect(again.member).toMatchObject({ _id: member._id, pseudo: 'Alice', role: 'admin' });
      const newcomer = await signInLocally(second, 'Bob');
      expect(newcomer.member.role).toBe('invited');
      expect(await stop(second)).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'starts with the default organisation when SEED_DEMO=0; on SIGTERM exits 0 and stops answering',
    async () => {
      const server = await startServer(await makeWorkspace(), { SEED_DEMO: '0' });
      expect(await organizationName(server)).toBe('Guildhall');

      expect(await stop(server)).toEqual({ code: 0, signal: null });
      expect(server.stdout()).toContain('SIGTERM');
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses to start in production without the Discord settings, naming them',
    async () => {
      const server = await spawnServer(await makeWorkspace(), { NODE_ENV: 'production' });
      const exit = await exitOf(server);
      expect(exit.code).toBe(1);
      expect(server.stderr()).toContain('DISCORD_CLIENT_ID');
      expect(server.stderr()).toContain('DISCORD_CLIENT_SECRET');
      expect(server.stderr()).toContain('VAULT_KEY');
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses to start with a bad variable, naming it',
    async () => {
      const server = await spawnServer(await makeWorkspace(), {
        DATABASE_URL: 'mysql://guildhall@localhost/guildhall',
      });
      expect((await exitOf(server)).code).toBe(1);
      expect(server.stderr()).toContain('DATABASE_URL');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'writes JSON logs that never contain the session token, cookies or query strings',
    async () => {
      const server = await startServer(await makeWorkspace(), { SEED_DEMO: '0' });
      const { token } = await signInLocally(server, 'Alice');
      const me = await fetch(`${server.url}/api/user`, {
        headers: {
          cookie: `__Host-guildhall_session=${token}`,
          authorization: 'Bearer secret-bearer',
        },
      });
      expect(me.status).toBe(200);
      await me.arrayBuffer();
      // A declared parameter: an unknown one is refused (decision 019).
      const withQuery = await fetch(`${server.url}/api/users?q=secret-oauth-code`, {
        headers: { cookie: `guildhall_session=${token}` },
      });
      expect(withQuery.status).toBe(200);
      await withQuery.arrayBuffer();
      expect(await stop(server)).toEqual({ code: 0, signal: null });

      const logs = server.stdout();
      const lines = logs.split('\n').filter((line) => line.trim() !== '');
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      // The requests were logged, so their absence below means something.
      const urls = entries.map((entry) => (entry.req as { url?: string } | undefined)?.url);
      expect(urls).toEqual(expect.arrayContaining(['/auth/local', '/api/user', '/api/users']));

      expect(logs).not.toContain(token);
      expect(logs).not.toContain(encodeURIComponent(token));
      expect(logs).not.toContain('guildhall_session');
      // No request or response header carrying a cookie is logged, under any name.
      expect(logs).not.toMatch(/"(set-)?cookie"\s*:/i);
      expect(logs).not.toContain('secret-bearer');
      expect(logs).not.toContain('secret-oauth-code');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'reads the .env file of its working folder, the environment winning over it',
    async () => {
      const workspace = await makeWorkspace();
      // The port the test gives must win, or the server would not answer where it is looked for.
      writeFileSync(join(workspace.dataDir, '.env'), 'SEED_DEMO=0\nPORT=1\n');
      const server = await startServer(workspace);
      expect(await organizationName(server)).toBe('Guildhall');
      expect(await stop(server)).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'reads its secrets from the files named by *_FILE',
    async () => {
      const workspace = await makeWorkspace();
      const secret = (name: string, content: string) => {
        const file = join(workspace.dataDir, name);
        writeFileSync(file, `${content}\n`, { mode: 0o600 });
        return file;
      };
      const server = await startServer(workspace, {
        NODE_ENV: 'production',
        DISCORD_CLIENT_ID: '1234567890',
        DISCORD_CLIENT_SECRET_FILE: secret('discord_secret', 'from-a-file'),
        VAULT_KEY_FILE: secret('vault_key', randomBytes(32).toString('base64')),
        ...(workspace.databaseUrl && {
          DATABASE_URL: '',
          DATABASE_URL_FILE: secret('database_url', workspace.databaseUrl),
        }),
      });
      expect(server.stdout()).toContain('sign-in with Discord');
      expect(server.stdout()).toContain(`"engine":"${usesPostgres ? 'postgres' : 'pglite'}"`);
      expect(await stop(server)).toEqual({ code: 0, signal: null });

      const refused = await spawnServer(workspace, {
        NODE_ENV: 'production',
        DISCORD_CLIENT_ID: '1234567890',
        DISCORD_CLIENT_SECRET: 'direct',
        VAULT_KEY_FILE: join(workspace.dataDir, 'no-such-file'),
      });
      expect((await exitOf(refused)).code).toBe(1);
      expect(refused.stderr()).toContain('VAULT_KEY_FILE: cannot read');
    },
    TEST_TIMEOUT_MS,
  );
});
