// HTTP throughput and latency of the production server, on PostgreSQL then on PGlite, side by
// side with a bare node:http server (this machine's limit), measured with autocannon. Prints
// figures and asserts nothing. Builds nothing: `npm run bench` at the root builds first.
//   npm run bench                       (both engines)
//   BENCH_ENGINES=pglite BENCH_DURATION=5 BENCH_CONNECTIONS=50 npm run bench:http -w @guildhall/server
//   BENCH_CPU_PROF=/tmp/profiles BENCH_CASES=/api/teams npm run bench:http -w @guildhall/server
//     (the server's CPU profile during one case; bench/cpu-profile-top.ts summarises it)
//   BENCH_SERVER_NODE_OPTIONS=--max-old-space-size=96   (Node options of the server alone)
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { connectPostgres, openPglite, type Database } from '../src/db/client.js';
import { REACTIONS } from '../src/reaction-catalogue.js';
import { installReactions } from '../src/services/happenings.js';
import { SEEDED, seedBenchData } from './http/seed.js';
import {
  cleanUp,
  freePort,
  onCleanup,
  processCpuMs,
  startServer,
  type Server,
} from './http/processes.js';
import { formatTable, type CaseFigures } from './http/table.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((e) => e.trim());
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Only the cases whose label contains one of these (comma-separated), for a profile of one. */
const ONLY = process.env.BENCH_CASES?.split(',').map((part) => part.trim());
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;

/** Another build may be measured against this one (BENCH_SERVER_MAIN=/path/to/dist/main.js). */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? resolve(process.env.BENCH_SERVER_MAIN)
  : fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** The bare server: what node:http alone serves on this machine, the ceiling of any figure. */
const HELLO_SERVER = `require('node:http')
  .createServer((request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end('hello');
  })
  .listen(Number(process.env.PORT), '127.0.0.1');`;

const GUILDHALL_CASES: { label: string; path: string; signedIn: boolean }[] = [
  { label: 'GET /healthz', path: '/healthz', signedIn: false },
  { label: 'GET /api/user', path: '/api/user', signedIn: true },
  { label: 'GET /api/users?limit=10', path: '/api/users?limit=10', signedIn: true },
  { label: 'GET /api/teams', path: '/api/teams', signedIn: true },
  { label: 'GET /api/password', path: '/api/password', signedIn: true },
  { label: 'GET /api/alerts', path: '/api/alerts', signedIn: true },
];

const load = () =>
  loadavg()
    .map((average) => average.toFixed(2))
    .join(' ');

async function measure(
  label: string,
  server: Server,
  path: string,
  headers: Record<string, string>,
  databaseCpu?: () => Promise<Map<number, number>>,
): Promise<CaseFigures> {
  const url = `${server.url}${path}`;
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  if (!probe.ok) {
    console.error(`!!! ${label} answers ${probe.status} before the load: ${body.slice(0, 200)}`);
  }
  if (WARMUP_S > 0)
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers });
  const rssBeforeMb = server.rssMb();
  const cpuBeforeMs = server.cpuMs();
  const databaseCpuBefore = await databaseCpu?.();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpuMs = server.cpuMs() - cpuBeforeMs;
  const databaseCpuAfter = await databaseCpu?.();
  const answered = Math.max(1, result.requests.total);
  const figures = {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: cpuMs / answered,
    databaseCpuMsPerRequest:
      databaseCpuBefore && databaseCpuAfter
        ? [...databaseCpuAfter].reduce(
            (sum, [pid, ms]) => sum + ms - (databaseCpuBefore.get(pid) ?? 0),
            0,
          ) / answered
        : undefined,
    rssBeforeMb,
    rssAfterMb: server.rssMb(),
  };
  console.log(
    `  ${label.padEnd(24)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
      `  p99 ${figures.p99Ms.toFixed(1).padStart(6)} ms  (${body.length} bytes, load ${load()})`,
  );
  return figures;
}

/**
 * A fresh PostgreSQL database for this run, dropped at clean-up, and the CPU time so far of each
 * backend connected to it (PostgreSQL runs on this machine: /proc has its processes).
 */
async function freshPostgres(): Promise<{
  url: string;
  version: string;
  backendsCpu: () => Promise<Map<number, number>>;
}> {
  const name = `guildhall_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  onCleanup(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version: `PostgreSQL ${rows[0]?.server_version ?? '?'}`,
    async backendsCpu() {
      const backends = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return new Map(backends.rows.map(({ pid }) => [pid, processCpuMs(pid)]));
    },
  };
}

async function benchEngine(engine: string, workDir: string, hello: Server): Promise<void> {
  const vaultKey = randomBytes(32);
  const port = await freePort();
  // Sign-in is configured as production requires, towards a port where nothing listens: no
  // sign-in happens during the bench, the admin's session is written straight to the database.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    VAULT_KEY: vaultKey.toString('base64'),
    DISCORD_CLIENT_ID: 'bench',
    DISCORD_CLIENT_SECRET: 'bench',
    DISCORD_AUTHORIZE_URL: `${nowhere}/oauth2/authorize`,
    DISCORD_TOKEN_URL: `${nowhere}/oauth2/token`,
    DISCORD_API_URL: `${nowhere}/api`,
    // Node's own options for the server alone, e.g. --max-old-space-size=96 to cap its heap.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS && {
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS,
    }),
  };
  let database: Database;
  let description: string;
  let databaseCpu: (() => Promise<Map<number, number>>) | undefined;
  if (engine === 'postgres') {
    const postgres = await freshPostgres();
    env.DATABASE_URL = postgres.url;
    database = connectPostgres(postgres.url);
    description = `${postgres.version} on 127.0.0.1`;
    databaseCpu = postgres.backendsCpu;
  } else if (engine === 'pglite') {
    env.DATA_DIR = join(workDir, 'data');
    database = await openPglite(env.DATA_DIR);
    description = 'PGlite 0.5.16 in a fresh DATA_DIR, inside the server process';
  } else {
    throw new Error(`BENCH_ENGINES: unknown engine ${engine} (postgres, pglite)`);
  }
  const config = loadConfig(env);
  let cookie: string;
  try {
    await database.migrate();
    const started = Date.now();
    // The services the seed calls announce what they did: the catalogue must be installed.
    installReactions(REACTIONS);
    cookie = await seedBenchData(database.db, { vaultKey, session: config.session });
    console.log(
      `\n${engine}: ${description}, seeded ${SEEDED.members} members, ${SEEDED.teams} teams, ` +
        `${SEEDED.passwords} passwords, ${SEEDED.alerts} alerts in ${Date.now() - started} ms`,
    );
  } finally {
    // PGlite's folder opens in one process at a time: the server's.
    await database.close();
  }

  const server = await startServer({
    name: `Guildhall on ${engine}`,
    args: [
      ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROFILE_DIR, engine)}`] : []),
      SERVER_MAIN,
    ],
    env,
    port,
    readyPath: '/readyz',
    logFile: join(workDir, `server-${engine}.log`),
  });
  console.log(`  server started, RSS ${server.rssMb().toFixed(0)} MB, load ${load()}`);
  const rows = [await measure('bare node:http', hello, '/', {})];
  // A case is named by its path, exactly: /api/user is not /api/users?limit=10.
  const cases = GUILDHALL_CASES.filter(({ path }) => !ONLY || ONLY.includes(path));
  for (const { label, path, signedIn } of cases) {
    rows.push(await measure(label, server, path, signedIn ? { cookie } : {}, databaseCpu));
  }
  await server.stop();
  const bare = rows[0]?.requestsPerSecond ?? Number.NaN;
  console.log(`\n${engine}, ${CONNECTIONS} connections, ${DURATION_S} s per case:\n`);
  console.log(formatTable(rows, bare));
}

try {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build`);
  const workDir = mkdtempSync(join(tmpdir(), 'guildhall-bench-'));
  onCleanup(() => rmSync(workDir, { recursive: true, force: true }));
  if (CPU_PROFILE_DIR) mkdirSync(CPU_PROFILE_DIR, { recursive: true });
  console.log(
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}, load ${load()}`,
  );
  const helloPort = await freePort();
  const hello = await startServer({
    name: 'bare node:http server',
    args: ['-e', HELLO_SERVER],
    env: { PATH: process.env.PATH ?? '', PORT: String(helloPort) },
    port: helloPort,
    readyPath: '/',
    logFile: join(workDir, 'hello.log'),
  });
  for (const engine of ENGINES) {
    const engineDir = join(workDir, engine);
    mkdirSync(engineDir);
    await benchEngine(engine, engineDir, hello);
  }
} finally {
  await cleanUp();
}
