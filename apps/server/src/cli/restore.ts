// Restores a backup into an empty database (a new PostgreSQL database, or an empty DATA_DIR),
// all or nothing, then checks the vault key the server will start with.
//
//   npm run build && npm run restore -- guildhall-backup.jsonl.gz
//
// Same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR). Restore
// before any server starts on the database: a database that holds data is refused.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataFolderInUseError } from '../db/data-folder-lock.js';
import { runCommand } from './run-command.js';
import {
  RestoreRefusedError,
  readArchiveHeader,
  restoreArchive,
  type VaultKeyCheck,
} from '../services/backup/restore-archive.js';
import { VaultKeyError, decodeKey } from '../services/vault/keyring.js';

/** The key the server would start with, without making one (the server makes it in local mode). */
function startKey(config: Config): Buffer | undefined {
  if (config.vaultKey) return decodeKey(config.vaultKey);
  const file = resolve(config.dataDir, 'vault.key');
  return existsSync(file) ? decodeKey(readFileSync(file, 'utf8').trim()) : undefined;
}

function vaultAdvice(check: VaultKeyCheck, config: Config): string {
  const key = config.vaultKey
    ? 'VAULT_KEY'
    : `the key file ${resolve(config.dataDir, 'vault.key')}`;
  switch (check) {
    case 'matches':
      return `The vault key check passes with ${key}: start the servers with it.`;
    case 'differs':
      return (
        `WARNING: ${key} is not the key this vault was sealed with: the server would refuse ` +
        'to start. Start it with the key that was in use when the backup was made.'
      );
    case 'not-checked':
      return (
        'No vault key to check: before starting the server, set VAULT_KEY (or copy vault.key ' +
        'into DATA_DIR) to the key that was in use when the backup was made.'
      );
    case 'no-vault-key':
      return 'The backed-up vault had no key yet: the server adopts its key at its first start.';
  }
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- <file>   (a file written by npm run backup)');
    return 1;
  }
  const config = loadConfig();
  const vaultKey = startKey(config);
  // A file that is not a restorable backup is refused before the database is even opened.
  await readArchiveHeader(file);
  const database = await openDatabase(config);
  try {
    const { header, vaultKey: check } = await restoreArchive({ database, file, vaultKey });
    const width = Math.max(...header.tables.map((table) => table.name.length));
    console.log(`Restored ${resolve(file)} (made ${header.createdAt} on ${header.engine})`);
    console.log(`into ${database.engine}, at migration ${header.migration.tag}:`);
    for (const { name, rows } of header.tables) console.log(`  ${name.padEnd(width)}  ${rows}`);
    console.log('Sessions are not in a backup: every member signs in again.');
    const advice = vaultAdvice(check, config);
    if (check === 'matches' || check === 'no-vault-key') console.log(advice);
    else console.error(advice);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, {
  refusals: [DataFolderInUseError, VaultKeyError, RestoreRefusedError],
  failure: 'Restore failed; nothing was restored',
});
