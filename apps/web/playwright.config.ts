import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Playwright loads this file in every worker as well: the variable makes them all put their
// servers' data in the one fresh folder of this run (global-teardown.ts removes it).
process.env.GUILDHALL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'guildhall-e2e-'));

/** Workers, each with its own Guildhall servers and databases (decision 063): two cores, two. */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  // Each worker starts its own servers (e2e/fixtures.ts, e2e/servers.ts); the tests of one file
  // run in order in one worker, as they may build on one another.
  workers,
  fullyParallel: false,
  // Time limits here guard against a hang, they do not measure speed: a test waits for what the
  // user sees, and a machine busy with other work (two workers, two browsers, two servers on two
  // cores, and whatever else runs) may take several times as long as an idle one (decision 063).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    // baseURL is the worker's own Guildhall (the `baseURL` fixture of e2e/fixtures.ts).
    // The app starts in the browser's language until one is chosen (decision 052); the specs read
    // French, the organisation's default, unless they choose English themselves. Contexts made
    // with browser.newContext() take this too.
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: {
      // Playwright cannot download browsers here: Debian's Chromium does the job.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
