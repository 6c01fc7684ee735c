import { defineConfig } from 'vitest/config';

// The container test, apart from the unit tests: it needs the image that run.sh builds.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/container/**/*.test.ts'],
    // Liveness guards, not speed assertions: starting containers and PostgreSQL takes seconds.
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
