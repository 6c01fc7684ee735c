import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { REACTIONS } from './reaction-catalogue.js';
import { installReactions } from './services/happenings.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { isDatabaseUnavailable } from './lib/postgres-errors.js';
import { ensureOrganization } from './services/organization/ensure-organization.js';
import { seedDemo } from './services/seed/seed-demo.js';
import { completeTeamNameKeys } from './services/teams/team-name-key.js';
import { completePseudoKeys } from './services/users/pseudo-key.js';
import {
  VaultKeyError,
  decodeKey,
  localKeyFile,
  unlockVault,
  type Vault,
} from './services/vault/keyring.js';

const SHUTDOWN_GRACE_MS = 9_000;
/** How long a start waits for a PostgreSQL that does not answer yet (started beside it). */
const DATABASE_WAIT_MS = 60_000;

function readConfig(): Config {
  try {
    const config = loadConfig();
    if (config.tls) {
      config.tls = {
        cert: readFileSync(config.tls.cert, 'utf8'),
        key: readFileSync(config.tls.key, 'utf8'),
      };
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The vault key from VAULT_KEY, or the local key file; a wrong key stops the start. */
async function openVault(config: Config, database: Database): Promise<Vault> {
  const key = decodeKey(config.vaultKey ?? localKeyFile(config.dataDir));
  try {
    return await unlockVault(database.db, key);
  } catch (error) {
    if (error instanceof VaultKeyError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Applies the migrations once the database answers: a PostgreSQL started at the same time (by a
 * compose file, a service manager) may take some seconds, which is no reason to fail the start.
 */
async function migrateOnceReachable(database: Database): Promise<void> {
  const deadline = Date.now() + DATABASE_WAIT_MS;
  for (let waiting = false; ; waiting = true) {
    try {
      await database.migrate();
      if (waiting) console.error('The database answers: starting.');
      return;
    } catch (error) {
      if (database.engine !== 'postgres' || !isDatabaseUnavailable(error)) throw error;
      if (Date.now() > deadline) throw error;
      if (!waiting) {
        console.error(
          `The database does not answer yet: trying again for ${DATABASE_WAIT_MS / 1000} seconds.`,
        );
      }
      await sleep(1_000);
    }
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  installReactions(REACTIONS);
  const database = await openDatabase(config);
  await migrateOnceReachable(database);
  const renamed = await completePseudoKeys(database.db);
  const renamedTeams = await completeTeamNameKeys(database.db);
  const vault = await openVault(config, database);
  if (config.seedDemo) await seedDemo(database.db, vault);
  await ensureOrganization({ db: database.db });

  const app = await buildApp({
    config,
    database,
    vault,
    jobs: config.jobs,
  });
  app.log.info(
    { engine: database.engine, localMode: config.localMode },
    config.localMode
      ? 'local mode: sign in with a pseudo on the landing page (no Discord configured)'
      : 'sign-in with Discord',
  );
  for (const name of config.obsoleteSettings) {
    app.log.warn(`${name} is no longer used and can be removed (docs/decisions/023)`);
  }
  for (const change of renamed) {
    app.log.warn(
      { memberId: change.id, from: change.from, to: change.to },
      "renamed a member whose pseudo looked like an older member's",
    );
  }
  for (const change of renamedTeams) {
    app.log.warn(
      { teamId: change.id, from: change.from, to: change.to },
      "renamed a team whose name was an older team's",
    );
  }

  let stopping = false;
  // While stopping, every answer (those of requests already in flight included) closes its
  // connection, so that a client or a load balancer opens its next one to another instance and
  // the drain ends as soon as the last answer is sent, not when keep-alive connections time out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    // Whatever happens, the process is gone within 10 seconds.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 500).unref();
    const timeout = setTimeout(() => {
      app.log.warn('requests still in flight after the grace period: closing anyway');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean stop');
      process.exit(1);
    } finally {
      clearTimeout(timeout);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error('Guildhall could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
