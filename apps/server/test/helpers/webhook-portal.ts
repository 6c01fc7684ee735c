import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  createWebhookClient,
  type WebhookClient,
} from '../../src/integrations/discord/webhook-client.js';
import {
  fakeWebhook,
  startFakeDiscord,
  type FakeDiscord,
  type FakeWebhook,
} from '../fakes/fake-discord.js';
import { buildAdmin } from './factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from './test-app.js';

/** What a test of Discord posts works with: a portal, its admin, and a webhook Discord knows. */
export interface WebhookPortal {
  discord: FakeDiscord;
  ctx: TestContext;
  admin: Client;
  webhook: FakeWebhook;
  /** A webhook client of its own, as another process would have. */
  newClient: () => WebhookClient;
}

/**
 * One fake Discord for the test file, and before each test a fresh portal talking to it with a
 * new webhook (ids from `idPrefix`, so that two files never share one); `use` receives them.
 */
export function useWebhookPortal(idPrefix: string, use: (portal: WebhookPortal) => void): void {
  let discord: FakeDiscord;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    discord = await startFakeDiscord();
  });
  afterAll(() => discord.close());
  beforeEach(async () => {
    ctx = await createTestContext({
      DISCORD_API_URL: discord.apiUrl,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    const webhook = fakeWebhook(
      `${idPrefix}00000000000${randomBytes(2).readUInt16BE()}`.padEnd(19, '3'),
    );
    discord.webhooks.set(webhook.id, webhook);
    use({
      discord,
      ctx,
      admin: clientAs(ctx, await buildAdmin(ctx.db)),
      webhook,
      newClient: () => createWebhookClient({ apiUrl: discord.apiUrl, timeoutMs: 5_000 }),
    });
  });
  afterEach(async () => {
    discord.webhooks.clear();
    await ctx?.close();
  });
}
