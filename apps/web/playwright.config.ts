import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 5199;
const baseURL = `http://localhost:${PORT}`;

// Playwright loads this file in every worker as well: the variable makes them all share the one
// fresh data folder the server was started with.
process.env.GUILDHALL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'guildhall-e2e-'));

export default defineConfig({
  testDir: './e2e',
  // The tests share one server and its database.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
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
  webServer: {
    // The built server, serving the built web app (apps/web/dist) and the API on one origin.
    command: 'node ../server/dist/main.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.GUILDHALL_E2E_DATA_DIR,
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every test signs in from the same address: the per-address limit on /auth/* would
      // otherwise start refusing them part-way through the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});
