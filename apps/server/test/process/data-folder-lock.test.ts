import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { DataFolderInUseError } from '../../src/db/data-folder-lock.js';
import { tempFolders } from '../helpers/temp-folders.js';

// The embedded database's folder is held by one process at a time (src/db/data-folder-lock.ts).

const dataDir = tempFolders('lock');

const lockFile = (folder: string) => join(folder, 'pglite', 'guildhall.pid');

/** A process that lives until killed, and its exit. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { pid: child.pid!, stop: () => (child.kill('SIGKILL'), exited) };
}

describe('the embedded database folder lock', () => {
  it('refuses a second opening of the same folder until the first is closed', async () => {
    const folder = dataDir();
    const first = await openPglite(folder);
    expect(readFileSync(lockFile(folder), 'utf8').trim()).toBe(String(process.pid));
    await expect(openPglite(folder)).rejects.toThrow(
      new DataFolderInUseError(join(folder, 'pglite'), 'this process'),
    );
    await first.close();

    const again = await openPglite(folder);
    await again.migrate();
    await again.close();
  }, 60_000);

  it('refuses a folder a running process holds, naming it', async () => {
    const folder = dataDir();
    await (await openPglite(folder)).close();
    const holder = otherProcess();
    try {
      writeFileSync(lockFile(folder), `${holder.pid}\n`);
      await expect(openPglite(folder)).rejects.toThrow(`another process (pid ${holder.pid})`);
      expect(readFileSync(lockFile(folder), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      await holder.stop();
    }
  }, 60_000);

  it('takes over the lock of a process that died without releasing it (SIGKILL)', async () => {
    const folder = dataDir();
    await (await openPglite(folder)).close();
    const killed = otherProcess();
    writeFileSync(lockFile(folder), `${killed.pid}\n`);
    await killed.stop();

    const database = await openPglite(folder);
    expect(readFileSync(lockFile(folder), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  }, 60_000);
});
