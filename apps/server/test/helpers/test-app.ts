import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { ensureOrganization } from '../../src/services/organization/organization.js';
import { createTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
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
  await ensureOrganization(database.db);
  const config = testConfig(env);
  const app = await buildApp({
    config,
    database,
    logger: false,
    webRoot: options.webRoot ?? '/nonexistent-web-root',
  });
  await app.ready();
  return {
    app,
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
  const cookie = response.cookies.find((candidate) => candidate.name === 'guildhall_session');
  return cookie && cookie.value ? `guildhall_session=${cookie.value}` : undefined;
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
