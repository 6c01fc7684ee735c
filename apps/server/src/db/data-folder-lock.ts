import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded database's folder is already open in another process, or in this one. */
export class DataFolderInUseError extends Error {
  constructor(folder: string, holder: string) {
    super(
      `The embedded database in ${folder} is in use by ${holder}. Stop it first: ` +
        'two processes writing the same folder would corrupt it.',
    );
    this.name = 'DataFolderInUseError';
  }
}

const LOCK_FILE = 'guildhall.pid';

/** The folders this process holds, so that it never opens one twice itself. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process, or refuses. PGlite, unlike a PostgreSQL
 * server, lets any number of processes open the same folder, each writing it as if alone: the
 * server and an admin command (backup, restore, key rotation) run at once would corrupt it.
 *
 * The lock is a file holding the process id. One left by a process that died (SIGKILL, a crash)
 * is taken over at once: its process no longer runs, or its id is now ours (a container's first
 * process restarts as pid 1). Lock files with a modification time kept fresh (proper-lockfile)
 * were the other way; they need the event loop every few seconds, which a long PGlite statement
 * holds, and leave a killed server unable to restart until the lock goes stale.
 *
 * Returns the release, to call once the database is closed.
 */
export function lockDataFolder(folder: string): () => void {
  const file = join(folder, LOCK_FILE);
  if (held.has(file)) throw new DataFolderInUseError(folder, 'this process');
  const take = () => writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new DataFolderInUseError(folder, `another process (pid ${pid})`);
    }
    unlinkSync(file);
    take();
  }
  held.add(file);
  return () => {
    if (!held.delete(file)) return;
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
