import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@': fromHere('./src'),
      // Tests read the contract from its sources so that they never need a build first.
      '@guildhall/contract': fromHere('../../packages/contract/src/index.ts'),
    },
  },
  test: {
    name: 'web',
    root: fromHere('.'),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Rendering whole pages in jsdom on a busy 2-core machine can take seconds.
    testTimeout: 15_000,
  },
});
