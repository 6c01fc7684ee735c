import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { connectPostgres, type Database } from '../src/db/client.js';
import { unlockVault } from '../src/services/vault/keyring.js';
import { testConfig } from '../test/helpers/test-app.js';

/*
 * What the one-screen benchmarks share: a fresh database of the local PostgreSQL (dropped at the
 * end), the app built in this process, and requests timed one after another.
 */

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Runs `bench` on a new, migrated database, and drops it whatever happens. */
export async function withFreshPostgres(bench: (database: Database) => Promise<void>) {
  const name = `guildhall_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString());
  try {
    await database.migrate();
    await bench(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The app on `database`, silent, with `env` over the tests' configuration. */
export async function benchApp(
  database: Database,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = testConfig({ LOG_LEVEL: 'silent', ...env });
  const vault = await unlockVault(database.db, randomBytes(32));
  const app = await buildApp({ config, database, vault, logger: false, webRoot: '/nonexistent' });
  return { app, config };
}

export interface TimedRequest {
  label: string;
  method?: 'GET' | 'PUT';
  url: string;
  cookie: string;
  /** The body of the request of a run. */
  payload?: (run: number) => object;
}

/** Sends each request `runs` times in a row and prints its p50 and p95; any answer but 200 throws. */
export async function printLatencies(
  app: FastifyInstance,
  requests: readonly TimedRequest[],
  runs: number,
): Promise<void> {
  console.log(`\n${'case'.padEnd(32)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}`);
  for (const { label, method = 'GET', url, cookie, payload } of requests) {
    const timings: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const response = await app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload && { payload: payload(run) }),
      });
      timings.push(performance.now() - start);
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      }
    }
    timings.sort((a, b) => a - b);
    const at = (quantile: number) =>
      (timings[Math.floor(quantile * (timings.length - 1))] ?? Number.NaN).toFixed(2);
    console.log(`${label.padEnd(32)}${at(0.5).padStart(10)}${at(0.95).padStart(10)}`);
  }
}
