import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/**
 * The servers the browser tests run against, one set per Playwright worker (decision 063), started
 * by the worker's `server` fixture (fixtures.ts) before its first test: Guildhall in local mode
 * (linking Twitch with a fake of Twitch, League data from fakes of Riot and Data Dragon), or
 * Guildhall signing in with a fake of Discord (for a spec that says
 * `test.use({ guildhall: 'discord' })`, which Playwright gives workers of their own). Each Guildhall
 * has its own fresh database and each fake its own behaviour: what a spec changes (the
 * organisation's colours, the point rules, the seasons, the alerts, what a fake answers next)
 * reaches no other worker.
 */

/** Which Guildhall a test talks to: the local-mode one (the default) or the Discord-mode one. */
export type GuildhallMode = 'local' | 'discord';

/**
 * The ports of worker n are BASE + 2n (local mode) and BASE + 2n + 1 (Discord mode); the fakes
 * take ports the system picks. `E2E_PORT_BASE` moves them, so that two checkouts can run at once.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 5199);

export function guildhallPort(mode: GuildhallMode, parallelIndex: number): number {
  return BASE + 2 * parallelIndex + (mode === 'discord' ? 1 : 0);
}

/** How long a server may take to answer: a fresh database is made and migrated on a busy machine. */
const START_TIMEOUT_MS = 120_000;

const SERVER_DIR = new URL('../../server/', import.meta.url).pathname;

/** A process the worker started, and how to stop it (waiting until it has exited). */
interface Started {
  url: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A worker that dies without its teardown still takes its servers down with it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function launch(args: string[], env: Record<string, string>, name: string): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  // Their warnings and errors go to the run's output, named, as Playwright's webServer did.
  child.stderr?.on('data', (chunk: Buffer) =>
    process.stderr.write(`[${name}] ${chunk.toString()}`),
  );
  return child;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      // A server still closing its connections after ten seconds is not waited for longer.
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

function exitedEarly(child: ChildProcess, name: string): Promise<never> {
  return new Promise((_, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} stopped before it was ready (${signal ?? `exit code ${code}`})`)),
    );
  });
}

function timeout(name: string): { promise: Promise<never>; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * What `ready` gives, once the child is ready: fails when the child exits first or takes longer
 * than the start limit, and then stops it.
 */
async function whenReady<T>(child: ChildProcess, name: string, ready: Promise<T>): Promise<T> {
  const limit = timeout(name);
  try {
    return await Promise.race([ready, exitedEarly(child, name), limit.promise]);
  } catch (error) {
    await stopper(child)();
    throw error;
  } finally {
    limit.clear();
  }
}

/** Starts a fake of test/fakes on a port the system picks; ready when it prints its URL. */
export async function startFake(script: string, args: string[], name: string): Promise<Started> {
  const child = launch(['--import', 'tsx', `test/fakes/${script}`, ...args, '0'], {}, name);
  const announced = new Promise<string>((resolve) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
  });
  return { url: await whenReady(child, name, announced), stop: stopper(child) };
}

/** Asks /healthz until the server answers 200. */
async function healthy(url: string): Promise<void> {
  for (;;) {
    const answer = await fetch(`${url}/healthz`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the built Guildhall (serving the built web app, apps/web/dist, and the API on one origin)
 * with a fresh database in `dataDir`; ready when /healthz answers.
 */
export async function startGuildhall(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  name: string,
): Promise<Started> {
  const url = `http://localhost:${port}`;
  mkdirSync(dataDir, { recursive: true });
  const child = launch(
    ['dist/main.js'],
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Every test signs in from the same address: the per-address limit on /auth/* would
      // otherwise start refusing them part-way through the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    name,
  );
  await whenReady(child, name, healthy(url));
  return { url, stop: stopper(child) };
}

/** The URLs of one worker's Guildhall and of the fakes behind it. */
export interface GuildhallServer {
  url: string;
  /** The fake provider a spec tells what to answer next (POST /__control). */
  fakes: { twitch?: string; discord?: string };
}

/** A worker's Guildhall of `mode`, with its fakes, and how to stop them all. */
export async function startWorkerServer(
  mode: GuildhallMode,
  parallelIndex: number,
  dataDir: string,
): Promise<GuildhallServer & { stop(): Promise<void> }> {
  const processes: Started[] = [];
  const stop = () => Promise.all(processes.map((started) => started.stop())).then(() => undefined);
  const keep = async (starting: Promise<Started>) => {
    const started = await starting;
    processes.push(started);
    return started.url;
  };
  const worker = `worker ${parallelIndex}`;
  const port = guildhallPort(mode, parallelIndex);
  try {
    if (mode === 'local') {
      const [twitch, riot, dataDragon] = await Promise.all([
        keep(startFake('run-fake-oauth-provider.ts', ['twitch'], `fake Twitch, ${worker}`)),
        // Riot's API, with the demo organisation's Riot IDs, ranks and games (league.spec.ts).
        keep(startFake('run-fake-riot.ts', [], `fake Riot, ${worker}`)),
        // Data Dragon, which Guildhall asks for champion names and pictures (decision 026).
        keep(startFake('run-fake-data-dragon.ts', [], `fake Data Dragon, ${worker}`)),
      ]);
      const url = await keep(
        startGuildhall(
          port,
          dataDir,
          {
            LOCAL_ADMIN_PSEUDOS: 'e2e-admin',
            RIOT_API_KEY: 'RGAPI-fake-0000-0000-0000-000000000000',
            RIOT_PLATFORM_URL: `${riot}/platform`,
            RIOT_REGIONAL_URL: `${riot}/regional`,
            DATA_DRAGON_URL: dataDragon,
            TWITCH_CLIENT_ID: 'fake-twitch-client-id',
            TWITCH_CLIENT_SECRET: 'fake-twitch-client-secret',
            TWITCH_AUTHORIZE_URL: `${twitch}/oauth2/authorize`,
            TWITCH_TOKEN_URL: `${twitch}/oauth2/token`,
            TWITCH_API_URL: `${twitch}/helix`,
          },
          `Guildhall local mode, ${worker}`,
        ),
      );
      return { url, fakes: { twitch }, stop };
    }
    const discord = await keep(startFake('run-fake-discord.ts', [], `fake Discord, ${worker}`));
    const url = await keep(
      startGuildhall(
        port,
        dataDir,
        {
          DISCORD_CLIENT_ID: 'fake-client-id',
          DISCORD_CLIENT_SECRET: 'fake-client-secret',
          DISCORD_AUTHORIZE_URL: `${discord}/oauth2/authorize`,
          DISCORD_TOKEN_URL: `${discord}/api/oauth2/token`,
          DISCORD_API_URL: `${discord}/api`,
        },
        `Guildhall Discord mode, ${worker}`,
      ),
    );
    return { url, fakes: { discord }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
