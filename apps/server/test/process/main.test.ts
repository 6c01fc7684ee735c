import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

// The real server process, started as `npm start` would start it, but from the TypeScript
// sources through tsx so that no build is needed first.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join('apps', 'server', 'src', 'main.ts');
const CONTRACT_SOURCE = join(REPO_ROOT, 'packages', 'contract', 'src', 'index.ts');
const TEST_TIMEOUT_MS = 60_000;
/** Liveness guards, not speed assertions: a healthy process is far quicker. */
const START_GUARD_MS = 45_000;
const EXIT_GUARD_MS = 15_000;

const usesPostgres = process.env.TEST_ENGINE === 'postgres';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<Exit>;
  stdout(): string;
  stderr(): string;
}

interface Workspace {
  dataDir: string;
  /** A fresh PostgreSQL database on the postgres project, else undefined (PGlite in dataDir). */
  databaseUrl: string | undefined;
}

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  // Never leave a server running, whatever the test did.
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      }
    }),
  );
  children.clear();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A free TCP port: the OS picks one, we release it and hand it to the server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A temporary DATA_DIR, a tsconfig for tsx, and on PostgreSQL a database of its own. */
async function makeWorkspace(): Promise<Workspace> {
  const dataDir = mkdtempSync(join(tmpdir(), 'guildhall-main-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // The contract comes from its sources, as in the rest of the suite (no build needed first).
  writeFileSync(
    join(dataDir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { paths: { '@guildhall/contract': [CONTRACT_SOURCE] } } }),
  );
  if (!usesPostgres) return { dataDir, databaseUrl: undefined };

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `guildhall_main_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database ${name}`);
  cleanups.push(() => asAdmin(adminUrl, `drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function asAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Spawns the server on a free port; the environment holds only what the test gives it. */
async function spawnServer(workspace: Workspace, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? workspace.dataDir,
      TMPDIR: tmpdir(),
      TSX_TSCONFIG_PATH: join(workspace.dataDir, 'tsconfig.json'),
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: workspace.dataDir,
      LOG_LEVEL: 'info',
      ...(workspace.databaseUrl && { DATABASE_URL: workspace.databaseUrl }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/** Starts the server and waits until /healthz answers; fails with its output if it dies. */
async function startServer(
  workspace: Workspace,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const server = await spawnServer(workspace, env);
  let exit: Exit | undefined;
  void server.exited.then((result) => (exit = result));
  const deadline = Date.now() + START_GUARD_MS;
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `the server exited (${JSON.stringify(exit)}) before answering:\n${server.stderr()}\n${server.stdout()}`,
      );
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz:\n${server.stderr()}\n${server.stdout()}`);
}

/** Resolves with the exit, or rejects when the process outlives the guard. */
async function exitOf(server: RunningServer): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running after ${EXIT_GUARD_MS} ms:\n${server.stdout()}`)),
      EXIT_GUARD_MS,
    );
  });
  try {
    return await Promise.race([server.exited, guard]);
  } finally {
    clearTimeout(timer);
  }
}

async function stop(server: RunningServer): Promise<Exit> {
  server.child.kill('SIGTERM');
  return exitOf(server);
}

async function signInLocally(server: RunningServer, pseudo: string) {
  const response = await fetch(`${server.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pseudo }),
  });
  expect(response.status).toBe(200);
  const member = (await response.json()) as { _id: string; pseudo: string; role: string };
  const session = response.headers
    .getSetCookie()
    .map((cookie) => /^guildhall_session=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  expect(session).toBeTruthy();
  return { member, token: session! };
}

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
        headers: { cookie: `guildhall_session=${token}`, authorization: 'Bearer secret-bearer' },
      });
      expect(me.status).toBe(200);
      await me.arrayBuffer();
      const withQuery = await fetch(`${server.url}/api/organization?code=secret-oauth-code`);
      expect(withQuery.status).toBe(200);
      await withQuery.arrayBuffer();
      expect(await stop(server)).toEqual({ code: 0, signal: null });

      const logs = server.stdout();
      const lines = logs.split('\n').filter((line) => line.trim() !== '');
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      // The requests were logged, so their absence below means something.
      const urls = entries.map((entry) => (entry.req as { url?: string } | undefined)?.url);
      expect(urls).toEqual(
        expect.arrayContaining(['/auth/local', '/api/user', '/api/organization']),
      );

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
});
