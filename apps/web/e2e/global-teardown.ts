import { rmSync } from 'node:fs';

/** Removes the data folder the servers of this run used. */
export default function globalTeardown(): void {
  const dataDir = process.env.GUILDHALL_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
