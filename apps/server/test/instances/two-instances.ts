import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { ensureOrganization } from '../../src/services/organization/ensure-organization.js';
import { unlockVault } from '../../src/services/vault/keyring.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabase, engine } from '../helpers/test-database.js';

export interface TwoInstances {
  apps: readonly [FastifyInstance, FastifyInstance];
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Two instances of Guildhall behind one database, as a load balancer would see them. */
export async function twoInstances(env: Record<string, string>): Promise<TwoInstances> {
  const database = await createTestDatabase();
  await ensureOrganization({ db: database.db });
  const vault = await unlockVault(database.db, randomBytes(32));
  const config = testConfig(env);
  const build = () =>
    buildApp({ config, database, vault, logger: false, webRoot: '/nonexistent-web-root' });
  const apps = [await build(), await build()] as const;
  return {
    apps,
    database,
    config,
    async close() {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

/**
 * Starts the test file's embedded database ahead (seconds on a busy machine), in a hook rather
 * than in the first test; PostgreSQL makes a database per test instead.
 */
export async function startEmbeddedDatabase(): Promise<void> {
  if (engine === 'pglite') await createTestDatabase();
}
