// Re-encrypts the password vault (and the Discord webhooks' tokens) under a new key, in one
// transaction.
//
//   npm run build && VAULT_KEY=<current> VAULT_NEW_KEY=<new: openssl rand -base64 32> npm run vault:rotate
//
// In local mode (no VAULT_KEY) the key file in DATA_DIR is replaced by a new generated key.
// Stop the servers first; start them again with the new key.
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataFolderInUseError } from '../db/data-folder-lock.js';
import { runCommand } from './run-command.js';
import { VaultKeyError, decodeKey, localKeyFile } from '../services/vault/keyring.js';
import { rotateVaultKey } from '../services/vault/rotate-key.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const usesKeyFile = config.vaultKey === undefined;
  const oldKey = decodeKey(config.vaultKey ?? localKeyFile(config.dataDir));
  const given = process.env.VAULT_NEW_KEY?.trim();
  if (!given && !usesKeyFile) {
    console.error(
      'Set VAULT_NEW_KEY to the new key (32 bytes in base64: openssl rand -base64 32).',
    );
    return 1;
  }
  const newKey = given ? decodeKey(given) : randomBytes(32);

  const database = await openDatabase(config);
  try {
    await database.migrate();
    // The new key file is written before the database changes, and takes its place after.
    const keyFile = resolve(config.dataDir, 'vault.key');
    if (usesKeyFile)
      writeFileSync(`${keyFile}.next`, `${newKey.toString('base64')}\n`, { mode: 0o600 });
    const { version, entries, webhooks } = await rotateVaultKey({
      db: database.db,
      oldKey,
      newKey,
    });
    if (usesKeyFile) renameSync(`${keyFile}.next`, keyFile);
    console.log(
      `Re-encrypted ${entries} entries and ${webhooks} Discord webhooks under key version ${version}.`,
    );
    console.log(
      usesKeyFile
        ? `The new key is in ${keyFile}.`
        : 'Start the servers with VAULT_KEY set to the new key (the value of VAULT_NEW_KEY).',
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, {
  refusals: [DataFolderInUseError, VaultKeyError],
  failure: 'Key rotation failed; nothing was changed',
});
