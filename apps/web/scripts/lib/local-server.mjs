// Builds Guildhall when its build is missing or older than its sources, and starts the built
// server in local mode (embedded database in a temporary folder, demo seed) on a free port, as
// `npm start` would, for the measuring scripts.
/* global fetch -- Node 20 has it */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, URL } from 'node:url';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const serverMain = join(repository, 'apps/server/dist/main.js');
const START_TIMEOUT_MS = 60_000;
const NOT_INHERITED = ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'DISCORD_CLIENT_ID', 'VAULT_KEY'];

/** Each build, what it is made from, and its output. */
const BUILDS = [
  {
    workspace: '@guildhall/web',
    output: join(repository, 'apps/web/dist/index.html'),
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
  { workspace: '@guildhall/server', output: serverMain, sources: ['apps/server/src'] },
];
const CONTRACT_SOURCES = ['packages/contract/src'];

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stats.mtimeMs,
  );
}

function npmRunBuild(workspace) {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repository,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`The build of ${workspace} failed (${result.status})`);
}

/** Builds the web app and the server where the build is missing or older than a source file. */
export function buildIfNeeded(log) {
  const stale = BUILDS.filter(({ output, sources }) => {
    if (!existsSync(output)) return true;
    const changedAt = Math.max(
      ...[...CONTRACT_SOURCES, ...sources].map((source) => newestChange(join(repository, source))),
    );
    return statSync(output).mtimeMs < changedAt;
  });
  if (stale.length === 0) return;
  log(`Building ${stale.map(({ workspace }) => workspace).join(' and ')} (missing or stale).`);
  npmRunBuild('@guildhall/contract');
  for (const { workspace } of stale) npmRunBuild(workspace);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node apps/server/dist/main.js` in local mode with the demo organisation and `env` on
 * top. Resolves once /healthz answers, with the server's URL and a stop() that ends it and
 * removes its data.
 */
export async function startLocalServer(env = {}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'guildhall-measure-'));
  // Local mode: not production, no Discord, the embedded database, a key file of its own.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !NOT_INHERITED.includes(name)),
  );
  const server = spawn(process.execPath, [serverMain], {
    cwd: repository,
    env: {
      ...inherited,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped at start (exit code ${server.exitCode})`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${url}/healthz within a minute`);
    }
    await sleep(200);
  }
}
