// Writes a backup of the database to one file: a consistent snapshot, gzip'd JSON lines, mode 0600.
//
//   npm run build && npm run backup -- guildhall-backup.jsonl.gz
//
// Same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR). On
// PostgreSQL the servers may keep running; the embedded database has one user at a time: stop
// the server first. VAULT_KEY is not in the backup: keep it apart.
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataFolderInUseError } from '../db/data-folder-lock.js';
import { runCommand } from './run-command.js';
import { BackupRefusedError, writeArchive } from '../services/backup/write-archive.js';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run backup -- <file>   (for example guildhall-backup.jsonl.gz)');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const header = await writeArchive({ database, file });
    const width = Math.max(...header.tables.map((table) => table.name.length));
    console.log(`Backup written to ${resolve(file)} (mode 0600), ${header.createdAt}`);
    console.log(`at migration ${header.migration.tag}, from ${database.engine}:`);
    for (const { name, rows } of header.tables) console.log(`  ${name.padEnd(width)}  ${rows}`);
    console.log(`Not in the backup: ${header.skipped.map((table) => table.name).join(', ')}`);
    console.log('(a restore signs everyone out; caches and counters start again empty).');
    console.log('');
    console.log('VAULT_KEY is NOT in this backup. Keep the key apart from the backup:');
    console.log("without it, the vault's passwords cannot be read after a restore;");
    console.log('whoever holds both the backup and the key can read them.');
    if (config.vaultKey === undefined) {
      console.log(`Local mode: the key is the file ${resolve(config.dataDir, 'vault.key')}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, {
  refusals: [DataFolderInUseError, BackupRefusedError],
  failure: 'Backup failed; no file was written',
});
