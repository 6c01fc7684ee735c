import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The contract is imported from its sources so that tests never need a build first: the index,
// and each module by its path (`@guildhall/contract/markdown`).
const contractSource = (file: string) =>
  fileURLToPath(new URL(`./packages/contract/src/${file}`, import.meta.url));
const alias = [
  { find: /^@guildhall\/contract$/, replacement: contractSource('index.ts') },
  { find: /^@guildhall\/contract\/(.+)$/, replacement: contractSource('$1.ts') },
];

const serverProject = (engine: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] },
      },
      serverProject('pglite'),
      // The same server suite runs on PostgreSQL when one is offered (CI sets TEST_DATABASE_URL).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
