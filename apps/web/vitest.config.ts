import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import moduleReplacingTests from './module-replacing-tests.json';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The files that replace a module (`vi.mock`): a replaced module would stay replaced for the files
 * that follow in the same worker, so they keep a module graph of their own (the root config's
 * `web-isolated` project). The rest share their worker's modules (decision 058). The lint reads
 * the same list: a file that replaces a module and is not in it is refused.
 */
export const MODULE_REPLACING_TESTS: string[] = moduleReplacingTests;

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fromHere('./src') },
      // Tests read the contract from its sources so that they never need a build first: the
      // index, and each module by its path (`@guildhall/contract/user`).
      {
        find: /^@guildhall\/contract$/,
        replacement: fromHere('../../packages/contract/src/index.ts'),
      },
      {
        find: /^@guildhall\/contract\/(.+)$/,
        replacement: fromHere('../../packages/contract/src/$1.ts'),
      },
    ],
  },
  test: {
    name: 'web',
    root: fromHere('.'),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...MODULE_REPLACING_TESTS],
    isolate: process.env.TEST_ISOLATE === '1',
    setupFiles: ['./src/test/setup.ts'],
    // Rendering whole pages in jsdom on a busy 2-core machine can take seconds, and a test's
    // first wait may take most of the testing library's limit (src/test/setup.ts).
    testTimeout: 30_000,
  },
});
