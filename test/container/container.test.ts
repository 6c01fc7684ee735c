import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../apps/server/test/fakes/fake-discord.js';

// What an operator relies on when running Guildhall's image (run.sh builds it first): the
// container starts, answers, runs as a non-root user, keeps its data, stops cleanly, refuses to
// start without its secrets, reads them from files, fits in 512 MB on an empty volume; the
// compose form starts PostgreSQL and Guildhall, and its backup restores into a fresh one.

const IMAGE = 'localhost/guildhall:test';
const POSTGRES_IMAGE = 'localhost/guildhall-test-postgres:15';
const REPO = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

/** Runs podman; fails with what it printed when it fails. */
async function podman(...args: string[]): Promise<string> {
  const result = await attempt('podman', args);
  if (result.code !== 0) throw new Error(`podman ${args.join(' ')}:\n${result.output}`);
  return result.stdout.trim();
}

/** Runs a command to its end, failed or not: its exit code and everything it printed. */
async function attempt(command: string, args: string[], cwd?: string) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    const stdout = failed.stdout ?? '';
    return { code: failed.code ?? -1, stdout, output: stdout + (failed.stderr ?? '') };
  }
}

let fake: FakeDiscord;
const containers: string[] = [];
const volumes: string[] = [];
const folders: string[] = [];
const projects: string[] = [];

beforeAll(async () => {
  // Containers reach it through the host (host.containers.internal).
  fake = await startFakeDiscord(0, '0.0.0.0');
});
afterAll(() => fake.close());

afterEach(async () => {
  for (const project of projects.splice(0)) await compose(project, 'down', '--volumes');
  for (const name of containers.splice(0)) await attempt('podman', ['rm', '--force', name]);
  for (const name of volumes.splice(0)) await attempt('podman', ['volume', 'rm', name]);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
const vaultKey = () => randomBytes(32).toString('base64');

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'guildhall-container-'));
  folders.push(path);
  return path;
}

/** A free port on the host, for a container's published port. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The settings of a production start against the fake Discord, as `podman run` options. */
function discordSettings(port: number): Record<string, string> {
  const inside = (path: string) =>
    `http://host.containers.internal:${new URL(fake.url).port}${path}`;
  return {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DISCORD_CLIENT_ID: 'fake-client-id',
    DISCORD_AUTHORIZE_URL: fake.authorizeUrl,
    DISCORD_TOKEN_URL: inside('/api/oauth2/token'),
    DISCORD_API_URL: inside('/api'),
  };
}

const envOptions = (settings: Record<string, string>) =>
  Object.entries(settings).flatMap(([name, value]) => ['--env', `${name}=${value}`]);

/** Starts the image detached with a published port; returns the container's name and URL. */
async function startContainer(options: {
  volume: string;
  settings: Record<string, string>;
  port: number;
  extra?: string[];
}) {
  const name = unique('guildhall-test');
  containers.push(name);
  await podman(
    'run',
    '--detach',
    '--name',
    name,
    '--publish',
    `${options.port}:5000`,
    '--volume',
    `${options.volume}:/data`,
    ...(options.extra ?? []),
    ...envOptions(options.settings),
    IMAGE,
  );
  return { name, url: `http://127.0.0.1:${options.port}` };
}

/** Waits until `url` answers /healthz, or fails with the container's logs if it stopped. */
async function healthy(url: string, container?: string): Promise<void> {
  for (;;) {
    const answer = await fetch(`${url}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return;
    if (container) {
      const state = await podman('inspect', container, '--format', '{{.State.Status}}');
      if (state === 'exited') {
        const logs = await attempt('podman', ['logs', container]);
        throw new Error(`${container} stopped:\n${logs.output}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Signs in through the fake Discord as a browser would; returns the session cookie. */
async function signIn(url: string): Promise<string> {
  const start = await fetch(`${url}/auth/discord`, { redirect: 'manual' });
  const state = start.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('guildhall_oauth_state='));
  const atDiscord = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const back = new URL(atDiscord.headers.get('location')!);
  const callback = await fetch(`${url}${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: { cookie: state! },
  });
  expect(callback.headers.get('location')).toBe('/dashboard');
  const session = callback.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => /guildhall_session=./.test(cookie));
  expect(session).toBeDefined();
  return session!;
}

async function theme(url: string, session: string): Promise<string> {
  const me = await fetch(`${url}/api/user`, { headers: { cookie: session } });
  expect(me.status).toBe(200);
  return ((await me.json()) as { preferences: { theme: string } }).preferences.theme;
}

async function chooseTheme(url: string, session: string, chosen: string): Promise<void> {
  const saved = await fetch(`${url}/api/user/preferences`, {
    method: 'PUT',
    headers: { cookie: session, 'content-type': 'application/json' },
    body: JSON.stringify({ theme: chosen }),
  });
  expect(saved.status).toBe(200);
}

describe('the image on its embedded database', () => {
  it('starts on an empty volume within 512 MB, runs as a non-root user, answers through its port, keeps its data across a restart and stops cleanly on SIGTERM', async () => {
    const volume = unique('guildhall-data');
    volumes.push(volume);
    const port = await freePort();
    const settings = {
      ...discordSettings(port),
      DISCORD_CLIENT_SECRET: 'fake-client-secret',
      VAULT_KEY: vaultKey(),
    };
    const memory = ['--memory', '512m', '--memory-swap', '512m'];
    const first = await startContainer({ volume, settings, port, extra: memory });
    await healthy(first.url, first.name);

    expect(await podman('exec', first.name, 'id', '-u')).not.toBe('0');
    expect(await podman('exec', first.name, 'id', '-un')).toBe('guildhall');
    // The image's own health check (what Docker and Podman report).
    expect((await attempt('podman', ['healthcheck', 'run', first.name])).code).toBe(0);

    const session = await signIn(first.url);
    await chooseTheme(first.url, session, 'dark');

    // `podman stop` sends SIGTERM, then SIGKILL after 10 seconds: exit code 0 means the server
    // stopped by itself, in time.
    await podman('stop', '--time', '10', first.name);
    expect(await podman('inspect', first.name, '--format', '{{.State.ExitCode}}')).toBe('0');
    expect(await podman('inspect', first.name, '--format', '{{.State.OOMKilled}}')).toBe('false');

    const second = await startContainer({ volume, settings, port: await freePort() });
    await healthy(second.url, second.name);
    expect(await theme(second.url, session)).toBe('dark');
  });

  it('refuses to start without its secrets, naming each of them', async () => {
    const refused = await attempt('podman', ['run', '--rm', IMAGE]);
    expect(refused.code).toBe(1);
    for (const name of ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'VAULT_KEY']) {
      expect(refused.output).toContain(`${name}: is required in production`);
    }
  });

  it('reads its secrets from files (*_FILE), as Docker secrets are given', async () => {
    // As Docker gives secrets: files anyone in the container may read, in a read-only mount.
    const secrets = folder();
    chmodSync(secrets, 0o755);
    writeFileSync(join(secrets, 'vault_key'), `${vaultKey()}\n`, { mode: 0o444 });
    writeFileSync(join(secrets, 'discord_client_secret'), 'fake-client-secret\n', { mode: 0o444 });
    const volume = unique('guildhall-data');
    volumes.push(volume);
    const port = await freePort();
    const started = await startContainer({
      volume,
      port,
      settings: {
        ...discordSettings(port),
        VAULT_KEY_FILE: '/run/secrets/vault_key',
        DISCORD_CLIENT_SECRET_FILE: '/run/secrets/discord_client_secret',
      },
      extra: ['--volume', `${secrets}:/run/secrets:ro`],
    });
    await healthy(started.url, started.name);
    // The fake Discord accepts only the right client secret: the one read from the file.
    await signIn(started.url);
  });
});

/**
 * podman-compose in `project`'s folder (the repository's compose.yaml and a .env); fails when
 * the command failed. Debian's podman-compose 1.0.3 exits 0 whatever `run` and `exec` ran did,
 * but prints each podman command's exit code: the last one is theirs.
 */
async function compose(project: string, ...args: string[]) {
  const result = await attempt('podman-compose', args, project);
  const lastExit = [...result.output.matchAll(/^exit code: (\d+)$/gm)].at(-1)?.[1];
  const ranCommand = args[0] === 'run' || args[0] === 'exec';
  if (result.code !== 0 || (ranCommand && lastExit !== '0')) {
    throw new Error(`podman-compose ${args.join(' ')}:\n${result.output}`);
  }
  return result.output;
}

/** A folder with the repository's compose.yaml and a .env for it, as the README says. */
async function composeProject(port: number, vault: string): Promise<string> {
  const project = folder();
  copyFileSync(join(REPO, 'compose.yaml'), join(project, 'compose.yaml'));
  const settings = {
    ...discordSettings(port),
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    VAULT_KEY: vault,
    DISCORD_CLIENT_SECRET: 'fake-client-secret',
    GUILDHALL_PORT: String(port),
    // The images built here: no registry to pull from.
    GUILDHALL_IMAGE: IMAGE,
    POSTGRES_IMAGE,
  };
  writeFileSync(
    join(project, '.env'),
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  projects.push(project);
  return project;
}

describe('the compose form with PostgreSQL', () => {
  it('starts PostgreSQL and Guildhall, migrates, serves a signed-in member, and its backup restores into a fresh one', async () => {
    const port = await freePort();
    const vault = vaultKey();
    const url = `http://127.0.0.1:${port}`;
    const first = await composeProject(port, vault);
    await compose(first, 'up', '--detach');
    await healthy(url);
    const session = await signIn(url);
    await chooseTheme(url, session, 'dark');

    // A backup from the running stack, copied out of the container.
    const backedUp = await compose(
      first,
      'exec',
      '-T',
      'guildhall',
      'node',
      'apps/server/dist/cli/backup.js',
      '/data/guildhall-backup.jsonl.gz',
    );
    expect(backedUp).toContain('Backup written to /data/guildhall-backup.jsonl.gz');
    const backups = folder();
    const backup = join(backups, 'guildhall-backup.jsonl.gz');
    await podman(
      'cp',
      `${await serviceContainer(first, 'guildhall')}:/data/guildhall-backup.jsonl.gz`,
      backup,
    );
    // As the README says: the backup stays private (0600), owned by the container's user.
    chmodSync(backups, 0o755);
    chownSync(backup, 10001, 10001);
    chmodSync(backup, 0o600);
    await compose(first, 'down', '--volumes');
    projects.splice(projects.indexOf(first), 1);

    // A fresh stack: PostgreSQL first, the restore, then Guildhall.
    const second = await composeProject(port, vault);
    await compose(second, 'up', '--detach', 'db');
    await postgresReady(second);
    // What `docker compose run --rm -v "$PWD/backups:/backups:ro" guildhall node …restore.js`
    // does (README); podman-compose 1.0.3 drops run's --volume, so podman runs it on the stack's
    // network with the service's settings.
    const db = await serviceContainer(second, 'db');
    const network = await podman(
      'inspect',
      db,
      '--format',
      '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}}{{end}}',
    );
    const password = /^POSTGRES_PASSWORD=(.+)$/m.exec(readFileSync(join(second, '.env'), 'utf8'))!;
    const restored = await podman(
      'run',
      '--rm',
      '--network',
      network,
      '--volume',
      `${backups}:/backups:ro`,
      ...envOptions({
        DATABASE_URL: `postgres://guildhall:${password[1]}@db:5432/guildhall`,
        VAULT_KEY: vault,
        ...discordSettings(port),
        DISCORD_CLIENT_SECRET: 'fake-client-secret',
      }),
      IMAGE,
      'node',
      'apps/server/dist/cli/restore.js',
      '/backups/guildhall-backup.jsonl.gz',
    );
    expect(restored).toContain('The vault key check passes with VAULT_KEY');
    await compose(second, 'up', '--detach');
    await healthy(url);
    // The session was not restored (a restore signs everyone out); the member's data was.
    const again = await signIn(url);
    expect(await theme(url, again)).toBe('dark');
  });
});

/** The running container of a compose service. */
async function serviceContainer(project: string, service: string): Promise<string> {
  const names = await podman(
    'ps',
    '--filter',
    `label=com.docker.compose.project.working_dir=${project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
    '--format',
    '{{.Names}}',
  );
  return names.split('\n')[0]!;
}

/** Waits until the stack's PostgreSQL accepts connections (its health check's command). */
async function postgresReady(project: string): Promise<void> {
  const db = await serviceContainer(project, 'db');
  for (;;) {
    const ready = await attempt('podman', [
      'exec',
      db,
      'pg_isready',
      '--username=guildhall',
      '--dbname=guildhall',
    ]);
    if (ready.code === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
