import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  DISCORD_MODE_PORT,
  FAKE_DISCORD_PORT,
  FAKE_DATA_DRAGON_PORT,
  FAKE_DATA_DRAGON_URL,
  FAKE_DISCORD_URL,
  FAKE_RIOT_PORT,
  FAKE_RIOT_URL,
  FAKE_TWITCH_PORT,
  FAKE_TWITCH_URL,
  LOCAL_MODE_PORT,
  LOCAL_MODE_URL,
} from './e2e/servers';

const baseURL = LOCAL_MODE_URL;

// Playwright loads this file in every worker as well: the variable makes them all share the one
// fresh data folder the servers were started with (global-teardown.ts removes it).
process.env.GUILDHALL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'guildhall-e2e-'));
const dataDir = process.env.GUILDHALL_E2E_DATA_DIR;

/** The built server, serving the built web app (apps/web/dist) and the API on one origin. */
function guildhall(port: number, name: string, env: Record<string, string>) {
  const url = `http://localhost:${port}`;
  return {
    command: 'node ../server/dist/main.js',
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: join(dataDir, name),
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Every test signs in from the same address: the per-address limit on /auth/* would
      // otherwise start refusing them part-way through the suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  // The tests share one server and its database.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
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
  webServer: [
    {
      command: `node --import tsx ../server/test/fakes/run-fake-oauth-provider.ts twitch ${FAKE_TWITCH_PORT}`,
      port: FAKE_TWITCH_PORT,
      reuseExistingServer: false,
    },
    {
      // Riot's API, with the demo organisation's Riot IDs, ranks and games (league.spec.ts).
      command: `node --import tsx ../server/test/fakes/run-fake-riot.ts ${FAKE_RIOT_PORT}`,
      port: FAKE_RIOT_PORT,
      reuseExistingServer: false,
    },
    {
      // Data Dragon, which Guildhall asks for champion names and pictures (decision 026).
      command: `node --import tsx ../server/test/fakes/run-fake-data-dragon.ts ${FAKE_DATA_DRAGON_PORT}`,
      port: FAKE_DATA_DRAGON_PORT,
      reuseExistingServer: false,
    },
    guildhall(LOCAL_MODE_PORT, 'local', {
      LOCAL_ADMIN_PSEUDOS: 'e2e-admin',
      RIOT_API_KEY: 'RGAPI-fake-0000-0000-0000-000000000000',
      RIOT_PLATFORM_URL: `${FAKE_RIOT_URL}/platform`,
      RIOT_REGIONAL_URL: `${FAKE_RIOT_URL}/regional`,
      DATA_DRAGON_URL: FAKE_DATA_DRAGON_URL,
      TWITCH_CLIENT_ID: 'fake-twitch-client-id',
      TWITCH_CLIENT_SECRET: 'fake-twitch-client-secret',
      TWITCH_AUTHORIZE_URL: `${FAKE_TWITCH_URL}/oauth2/authorize`,
      TWITCH_TOKEN_URL: `${FAKE_TWITCH_URL}/oauth2/token`,
      TWITCH_API_URL: `${FAKE_TWITCH_URL}/helix`,
    }),
    {
      command: `node --import tsx ../server/test/fakes/run-fake-discord.ts ${FAKE_DISCORD_PORT}`,
      port: FAKE_DISCORD_PORT,
      reuseExistingServer: false,
    },
    guildhall(DISCORD_MODE_PORT, 'discord', {
      DISCORD_CLIENT_ID: 'fake-client-id',
      DISCORD_CLIENT_SECRET: 'fake-client-secret',
      DISCORD_AUTHORIZE_URL: `${FAKE_DISCORD_URL}/oauth2/authorize`,
      DISCORD_TOKEN_URL: `${FAKE_DISCORD_URL}/api/oauth2/token`,
      DISCORD_API_URL: `${FAKE_DISCORD_URL}/api`,
    }),
  ],
});
