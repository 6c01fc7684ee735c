import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { unlockVault, type Vault } from '../../src/services/passwords/vault-key/keyring.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { ensureOrganization } from '../../src/services/organization/ensure-organization.js';
import { createTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  vault: Vault;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A configuration as the server would read it, in local mode unless the test says otherwise. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    PUBLIC_URL: 'http://localhost:5000',
    ...env,
  });
}

/** A fresh database and the app built on it; each test file makes its own. */
export async function createTestContext(
  env: Record<string, string | undefined> = {},
  options: { webRoot?: string } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  await ensureOrganization({ db: database.db });
  const config = testConfig(env);
  const vault = await unlockVault(database.db, randomBytes(32));
  const app = await buildApp({
    config,
    database,
    vault,
    logger: false,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
  });
  await app.ready();
  return {
    app,
    vault,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie a response set, ready to send back as a Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  return cookie && cookie.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * What describes the answer itself or its connection; every other header but the rate limit's is
 * a security header.
 */
const CONTENT_HEADERS = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/** The security headers of an answer (from `inject` or a real socket), by lowercase name. */
export function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) =>
        !CONTENT_HEADERS.has(name.toLowerCase()) && !/^(x-ratelimit-|retry-after$)/i.test(name),
    ),
  );
}
