import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    setupFiles: ['./src/test/setup.ts'],
    // Rendering whole pages in jsdom on a busy 2-core machine can take seconds, and a test's
    // first wait may take most of the testing library's limit (src/test/setup.ts).
    testTimeout: 30_000,
  },
});
