import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  makeWorkspace,
  startServer,
  stop,
  stopAllServers,
  usesPostgres,
  type RunningServer,
  type Workspace,
} from '../helpers/server-process.js';

afterEach(stopAllServers);

/** Liveness guard for the whole scenario: two server starts and three commands, through tsx. */
const SCENARIO_GUARD_MS = 240_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- <file>`, from the TypeScript sources, with the server's settings. */
function runCommand(command: 'backup' | 'restore', workspace: Workspace, file: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('apps', 'server', 'src', 'cli', `${command}.ts`), file],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? workspace.dataDir,
        TMPDIR: tmpdir(),
        TSX_TSCONFIG_PATH: join(workspace.dataDir, 'tsconfig.json'),
        NODE_ENV: 'test',
        DATA_DIR: workspace.dataDir,
        ...(workspace.databaseUrl && { DATABASE_URL: workspace.databaseUrl }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise<Run>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

async function signIn(server: RunningServer, pseudo: string) {
  const response = await fetch(`${server.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pseudo }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => /^__Host-guildhall_session=[^;]+/.exec(header)?.[0])
    .find(Boolean);
  return { member: (await response.json()) as { _id: string; role: string }, cookie: cookie! };
}

async function read(server: RunningServer, path: string, cookie: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.json();
}

describe('npm run backup and npm run restore', () => {
  it(
    'move a portal into a new instance, which starts with the same vault key and data',
    async () => {
      const original = await makeWorkspace();
      const first = await startServer(original);
      const alice = await signIn(first, 'Alice');
      const before = {
        users: await read(first, '/api/users?limit=50', alice.cookie),
        teams: await read(first, '/api/teams', alice.cookie),
        passwords: await read(first, '/api/password', alice.cookie),
      };
      expect(await stop(first)).toEqual({ code: 0, signal: null });

      const file = join(original.dataDir, 'guildhall-backup.jsonl.gz');
      const backup = await runCommand('backup', original, file);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${file} (mode 0600)`);
      expect(backup.stdout).toMatch(/users\s+\d+/);
      expect(backup.stdout).toContain('Not in the backup: sessions');
      expect(backup.stdout).toContain('VAULT_KEY is NOT in this backup');
      expect(statSync(file).mode & 0o777).toBe(0o600);

      // The new instance: an empty database, and the key kept apart, brought by hand.
      const copy = await makeWorkspace();
      copyFileSync(join(original.dataDir, 'vault.key'), join(copy.dataDir, 'vault.key'));
      const restore = await runCommand('restore', copy, file);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('The vault key check passes');
      expect(restore.stdout).toContain('every member signs in again');

      const again = await runCommand('restore', copy, file);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds data .*nothing was restored/);

      const second = await startServer(copy);
      const restoredAlice = await signIn(second, 'Alice');
      expect(restoredAlice.member).toMatchObject({ _id: alice.member._id, role: 'admin' });
      expect({
        users: await read(second, '/api/users?limit=50', restoredAlice.cookie),
        teams: await read(second, '/api/teams', restoredAlice.cookie),
        passwords: await read(second, '/api/password', restoredAlice.cookie),
      }).toEqual(before);
      expect(await stop(second)).toEqual({ code: 0, signal: null });
    },
    SCENARIO_GUARD_MS,
  );

  it(
    'backs up a running portal on PostgreSQL; on the embedded database, refuses until the server stops',
    async () => {
      const workspace = await makeWorkspace();
      const server = await startServer(workspace);
      const file = join(workspace.dataDir, 'while-running.jsonl.gz');
      const whileRunning = await runCommand('backup', workspace, file);
      if (usesPostgres) {
        expect(whileRunning.code, whileRunning.stderr).toBe(0);
      } else {
        expect(whileRunning.code).toBe(1);
        expect(whileRunning.stderr).toContain(
          `is in use by another process (pid ${server.child.pid}). Stop it first`,
        );
        expect(existsSync(file)).toBe(false);
        expect(await stop(server)).toEqual({ code: 0, signal: null });
        const stopped = await runCommand('backup', workspace, file);
        expect(stopped.code, stopped.stderr).toBe(0);
      }
      expect(statSync(file).mode & 0o777).toBe(0o600);
    },
    SCENARIO_GUARD_MS,
  );

  it('refuses a file that does not exist, with exit code 1', async () => {
    const workspace = await makeWorkspace();
    const missing = join(workspace.dataDir, 'nothing-here.jsonl.gz');
    const run = await runCommand('restore', workspace, missing);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`No file ${missing}`);
  }, 60_000);
});
