import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Temporary folders for a test file, removed after each test: `const folder = tempFolders('x')`
 * at the top of the file, then `folder()` in a test.
 */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
  });
  return () => {
    const path = mkdtempSync(join(tmpdir(), `guildhall-${prefix}-`));
    made.push(path);
    return path;
  };
}
