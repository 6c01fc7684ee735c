import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import web, { MODULE_REPLACING_TESTS } from './apps/web/vitest.config.ts';

// The contract is imported from its sources so that tests never need a build first: the index,
// and each module by its path (`@guildhall/contract/markdown`).
const contractSource = (file: string) =>
  fileURLToPath(new URL(`./packages/contract/src/${file}`, import.meta.url));
const alias = [
  { find: /^@guildhall\/contract$/, replacement: contractSource('index.ts') },
  { find: /^@guildhall\/contract\/(.+)$/, replacement: contractSource('$1.ts') },
];

/**
 * What the server suite proves whatever the engine (decision 058): pure functions, which never
 * open a database; the HTTP layer (who may call what, the documented schemas, headers, host
 * names, the framework's errors, logs); and the embedded engine's own folder and template. They
 * run once, on PGlite, the engine every machine has; everything that reads or writes through SQL
 * runs on both.
 */
const ENGINE_INDEPENDENT = [
  'src/**/*.test.ts',
  'test/authorization/*.test.ts',
  'test/api/openapi-conformance.test.ts',
  'test/api/headers.test.ts',
  'test/api/host-names.test.ts',
  'test/api/framework-errors.test.ts',
  'test/api/logging.test.ts',
  'test/process/data-folder-lock.test.ts',
  'test/process/pglite-template.test.ts',
];

const serverProject = (engine: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(engine === 'postgres' ? ENGINE_INDEPENDENT : [])],
    environment: 'node',
    // A worker imports the server once for all its files (decision 058); TEST_ISOLATE=1 gives
    // each file its own modules again, to tell a leak between files from a defect.
    isolate: process.env.TEST_ISOLATE === '1',
    env: { TEST_ENGINE: engine },
    globalSetup: ['./test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Both cores (Vitest's default leaves one to the machine): the files are independent, each on a
    // database of its own. TEST_WORKERS sets another count.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] },
      },
      // The repository's own scripts (what `npm start` builds).
      { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs'] } },
      serverProject('pglite'),
      // The same server suite runs on PostgreSQL when one is offered (CI sets TEST_DATABASE_URL).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      web,
      // The web's files that replace a module, each with modules of its own.
      {
        ...web,
        test: {
          ...web.test,
          name: 'web-isolated',
          include: MODULE_REPLACING_TESTS,
          exclude: configDefaults.exclude,
          isolate: true,
        },
      },
    ],
  },
});
