import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

// The real server process, started as `npm start` would start it, but from the TypeScript
// sources through tsx so that no build is needed first.

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');
const TSX_LOADER = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
const CONTRACT_SOURCE = join(REPO_ROOT, 'packages', 'contract', 'src', 'index.ts');
// Liveness guards, not speed assertions: a healthy process is far quicker. A test may start two
// processes and run a load between.
export const TEST_TIMEOUT_MS = 120_000;
const START_GUARD_MS = 45_000;
const EXIT_GUARD_MS = 15_000;

export const usesPostgres = process.env.TEST_ENGINE === 'postgres';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<Exit>;
  stdout(): string;
  stderr(): string;
}

export interface Workspace {
  dataDir: string;
  /** A fresh PostgreSQL database on the postgres project, else undefined (PGlite in dataDir). */
  databaseUrl: string | undefined;
}

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

/** Kills every server a test started and removes its workspaces: call it in afterEach. */
export async function stopAllServers(): Promise<void> {
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
}

/** A free TCP port: the OS picks one, we release it and hand it to the server. */
export async function freePort(): Promise<number> {
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
export async function makeWorkspace(): Promise<Workspace> {
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

export async function asAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Spawns the server on a free port; the environment holds only what the test gives it. It runs in
 * the data folder, so that a developer's `.env` in the repository is not read.
 */
export async function spawnServer(workspace: Workspace, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', pathToFileURL(TSX_LOADER).href, MAIN], {
    cwd: workspace.dataDir,
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
export async function startServer(
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
export async function exitOf(server: RunningServer): Promise<Exit> {
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

export async function stop(server: RunningServer): Promise<Exit> {
  server.child.kill('SIGTERM');
  return exitOf(server);
}

/** Signs in through the local sign-in (the first account is the admin). */
export async function signInLocally(server: { url: string }, pseudo: string) {
  const response = await fetch(`${server.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pseudo }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  }
  const member = (await response.json()) as { _id: string; pseudo: string; role: string };
  const token = response.headers
    .getSetCookie()
    .map((cookie) => /^__Host-guildhall_session=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  if (!token) throw new Error('sign-in set no session cookie');
  return { member, token, cookie: `__Host-guildhall_session=${token}` };
}

/** Polls until `check` holds; fails with the process's output when the guard runs out. */
export async function waitUntil(
  server: RunningServer,
  what: string,
  check: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + START_GUARD_MS;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not seen in time:\n${server.stderr()}\n${server.stdout()}`);
}
