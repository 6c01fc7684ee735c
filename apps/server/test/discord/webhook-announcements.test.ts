import { randomBytes } from 'node:crypto';
import type { Alert, DiscordWebhook } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { alerts, discordOutbox, discordWebhooks } from '../../src/db/schema.js';
import type { WebhookClient } from '../../src/integrations/discord/webhook-client.js';
import { deliverDuePosts } from '../../src/services/discord-webhooks/outbox.js';
import { rotateVaultKey } from '../../src/services/vault/rotate-key.js';
import type { Vault } from '../../src/services/vault/keyring.js';
import {
  fakeWebhook,
  webhookUrl,
  type FakeDiscord,
  type FakeWebhook,
} from '../fakes/fake-discord.js';
import type { Client, TestContext } from '../helpers/test-app.js';
import { useWebhookPortal } from '../helpers/webhook-portal.js';

// Alerts posted to Discord through the organisation's webhook (decision 036): the URL kept
// sealed and never shown, each alert posted once, Discord's limits and refusals kept.

let discord: FakeDiscord, ctx: TestContext, admin: Client, webhook: FakeWebhook;
let newClient: () => WebhookClient;
useWebhookPortal('118', (portal) => ({ discord, ctx, admin, webhook, newClient } = portal));

const deliver = (client = newClient(), vault: Vault = ctx.vault) =>
  deliverDuePosts({ db: ctx.db, vault, client });

const setWebhook = async (url: string | null = webhookUrl(webhook)) => {
  const response = await admin.put('/api/discord/webhook', { url });
  expect(response.statusCode, response.body).toBe(204);
};

const describeWebhook = async (): Promise<DiscordWebhook> => {
  const response = await admin.get('/api/discord/webhook');
  expect(response.statusCode).toBe(200);
  return response.json<DiscordWebhook>();
};

const postAlert = async (message: string, overrides: object = {}): Promise<Alert> => {
  const response = await admin.post('/api/alerts', {
    type: 'infos',
    statut: 'active',
    condition: 'true',
    message,
    post_to_discord: true,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Alert>();
};

describe('the webhook setting', () => {
  it.each([
    [
      'http, not https',
      'http://discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'another host',
      'https://evil.example/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'a look-alike host',
      'https://discord.com.evil.example/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'a sub-domain',
      'https://media.discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'user info',
      'https://discord.com@evil.example/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'user info before the host',
      'https://user:pass@discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'a port',
      'https://discord.com:8443/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'an IP address',
      'https://127.0.0.1/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'an IPv6 address',
      'https://[::1]/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    [
      'a query',
      'https://discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz?wait=true',
    ],
    [
      'an empty query',
      'https://discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz?',
    ],
    [
      'a fragment',
      'https://discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz#x',
    ],
    ['another path', 'https://discord.com/api/channels/1180000000000000001/messages'],
    ['a path going up', 'https://discord.com/api/webhooks/../../oauth2/abcdefghijklmnopqrstuvwxyz'],
    ['a non-numeric id', 'https://discord.com/api/webhooks/abc/abcdefghijklmnopqrstuvwxyz'],
    [
      'a Slack-style path',
      'https://discord.com/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz/slack',
    ],
    [
      'a backslash',
      'https://discord.com\\@evil.example/api/webhooks/1180000000000000001/abcdefghijklmnopqrstuvwxyz',
    ],
    ['not a URL', 'discord webhook'],
    ['a javascript URL', 'javascript:alert(1)'],
  ])('refuses %s without a request to it', async (_name, url) => {
    const response = await admin.put('/api/discord/webhook', { url });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_discord_webhook_url');
    expect(webhook.requests).toEqual([]);
    expect((await describeWebhook()).configured).toBe(false);
  });

  it('accepts the URLs Discord gives, versioned or from its test builds', async () => {
    for (const host of ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']) {
      const response = await admin.put('/api/discord/webhook', {
        url: `https://${host}/api/v10/webhooks/${webhook.id}/${webhook.token}`,
      });
      expect(response.statusCode, host).toBe(204);
    }
  });

  it('keeps the token sealed and never sends the URL back', async () => {
    await setWebhook();
    const response = await admin.get('/api/discord/webhook');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      configured: true,
      hint: webhook.id.slice(-4),
      problem: null,
      problem_at: null,
      stopped: false,
      pending: 0,
    });
    expect(response.body).not.toContain(webhook.token);
    expect(response.body).not.toContain(webhook.id);
    const [row] = await ctx.db.select().from(discordWebhooks);
    expect(row!.sealedToken.toString('latin1')).not.toContain(webhook.token);
    // Discord was asked whether it knows the webhook, without posting anything.
    expect(webhook.requests.map(({ method }) => method)).toEqual(['GET']);
  });

  it('refuses a webhook Discord does not know', async () => {
    const response = await admin.put('/api/discord/webhook', {
      url: webhookUrl({ id: webhook.id, token: `${webhook.token}x` }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('discord_webhook_unknown');
    expect((await describeWebhook()).configured).toBe(false);
  });

  it('removes the webhook and the posts waiting for it', async () => {
    await setWebhook();
    await postAlert('<p>Waiting</p>');
    await setWebhook(null);
    expect((await describeWebhook()).configured).toBe(false);
    expect(await ctx.db.select().from(discordOutbox)).toEqual([]);
    expect(await deliver()).toBe(0);
  });
});

describe('alerts posted to Discord', () => {
  it('refuses the post without a webhook, and keeps no alert of it', async () => {
    const response = await admin.post('/api/alerts', {
      type: 'infos',
      statut: 'active',
      condition: 'true',
      message: '<p>Hi</p>',
      post_to_discord: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('discord_webhook_not_configured');
    // The refusal is the reaction's; the alert it reacted to goes with its transaction.
    expect(await ctx.db.select().from(alerts)).toEqual([]);
  });

  it('posts a new alert once, as Discord markdown, mentioning nobody', async () => {
    await setWebhook();
    // Written in Markdown; Discord is given its sanitized rendering, turned back into its own.
    const alert = await postAlert(
      '**Match** ce soir @everyone <@&1> [règles](https://example.org/r) <script>x</script>',
    );
    expect(alert.post_to_discord).toBe(true);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(webhook.posts.map(({ body }) => body)).toEqual([
      {
        content: '**Match** ce soir @everyone \\<@&1\\> [règles](<https://example.org/r>)',
        allowed_mentions: { parse: [] },
      },
    ]);
    // Saved again unchanged: nothing new; a new message is posted anew.
    const body = { type: 'infos', statut: 'active', condition: 'true', post_to_discord: true };
    await admin.put(`/api/alerts/${alert._id}`, { ...body, message: alert.message_markdown });
    expect(await deliver()).toBe(0);
    await admin.put(`/api/alerts/${alert._id}`, { ...body, message: '*Reporté*' });
    expect(await deliver()).toBe(1);
    expect(webhook.posts.at(-1)!.body.content).toBe('*Reporté*');
  });

  it('posts an alert written in HTML before Markdown as it did', async () => {
    await setWebhook();
    await postAlert('<p>Renouvelez <strong>avant</strong> vendredi</p>');
    expect(await deliver()).toBe(1);
    expect(webhook.posts.at(-1)!.body.content).toBe('Renouvelez **avant** vendredi');
  });

  it('posts nothing for an alert without the flag', async () => {
    await setWebhook();
    await postAlert('<p>Quiet</p>', { post_to_discord: false });
    expect(await deliver()).toBe(0);
    expect(webhook.posts).toEqual([]);
  });

  it('posts once when two instances deliver at the same time', async () => {
    await setWebhook();
    for (let index = 0; index < 3; index += 1) await postAlert(`<p>Alert ${index}</p>`);
    const sent = await Promise.all([deliver(), deliver(), deliver()]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(webhook.posts.map(({ body }) => body.content).sort()).toEqual([
      'Alert 0',
      'Alert 1',
      'Alert 2',
    ]);
  });

  it('waits for the Retry-After of a 429, then posts once', async () => {
    await setWebhook();
    await postAlert('<p>Later</p>');
    webhook.forceTooManyRequests = { count: 1, retryAfterSeconds: 1 };
    expect(await deliver()).toBe(1);
    const posts = webhook.requests.filter(({ method }) => method === 'POST');
    expect(posts.map(({ status }) => status)).toEqual([429, 204]);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(webhook.posts).toHaveLength(1);
  });

  it('keeps to the webhook limit of 5 posts per 2 seconds', { timeout: 20_000 }, async () => {
    await setWebhook();
    for (let index = 0; index < 12; index += 1) await postAlert(`<p>Alert ${index}</p>`);
    expect((await describeWebhook()).pending).toBe(12);
    expect(await deliver()).toBe(12);
    expect(webhook.tooManyRequests).toBe(0);
    const times = webhook.posts.map(({ at }) => at);
    // Posts 6 and 11 wait for the next windows of the bucket.
    expect(times[5]! - times[0]!).toBeGreaterThanOrEqual(1_900);
    expect(times[10]! - times[0]!).toBeGreaterThanOrEqual(3_900);
    expect(webhook.posts.map(({ body }) => body.content)).toEqual(
      Array.from({ length: 12 }, (_, index) => `Alert ${index}`),
    );
  });

  it('stops posting to a deleted webhook, says so, and goes on with a new one', async () => {
    await setWebhook();
    await postAlert('<p>First</p>');
    await postAlert('<p>Second</p>');
    webhook.deleted = true;
    expect(await deliver()).toBe(0);
    expect(await deliver()).toBe(0);
    // One refused request, never repeated.
    expect(webhook.requests.filter(({ method }) => method === 'POST')).toHaveLength(1);
    expect(await describeWebhook()).toMatchObject({
      configured: true,
      problem: 'webhook_deleted',
      problem_at: expect.any(String),
      stopped: true,
      pending: 1,
    });
    const replacement = fakeWebhook(`${webhook.id.slice(0, -1)}9`);
    discord.webhooks.set(replacement.id, replacement);
    await setWebhook(webhookUrl(replacement));
    expect(await deliver()).toBe(1);
    expect(replacement.posts.map(({ body }) => body.content)).toEqual(['Second']);
    expect(await describeWebhook()).toMatchObject({ problem: null, stopped: false, pending: 0 });
  });

  it('tries again later when Discord fails, and reports it meanwhile', async () => {
    await setWebhook();
    await postAlert('<p>Flaky</p>');
    webhook.failNext = 1;
    expect(await deliver()).toBe(0);
    expect(await deliver()).toBe(0);
    const [post] = await ctx.db.select().from(discordOutbox);
    expect(post).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'discord_unreachable',
    });
    expect(post!.notBefore.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await describeWebhook()).problem).toBe('discord_unreachable');
    await ctx.db
      .update(discordOutbox)
      .set({ notBefore: new Date() })
      .where(eq(discordOutbox.id, post!.id));
    expect(await deliver()).toBe(1);
    expect((await describeWebhook()).problem).toBe(null);
  });

  it('posts with the token sealed under a rotated vault key', async () => {
    await setWebhook();
    await postAlert('<p>After rotation</p>');
    const newKey = randomBytes(32);
    expect(await rotateVaultKey({ db: ctx.db, oldKey: ctx.vault.key, newKey })).toMatchObject({
      webhooks: 1,
    });
    expect(await deliver(newClient(), { key: newKey, version: ctx.vault.version + 1 })).toBe(1);
    expect(webhook.posts).toHaveLength(1);
  });

  it('is sent by the worker the server starts', { timeout: 20_000 }, async () => {
    await setWebhook();
    await postAlert('<p>Sent by the worker</p>');
    // A second instance on the same database, with the worker the server starts.
    const server = await buildApp({
      config: ctx.config,
      database: ctx.database,
      vault: ctx.vault,
      logger: false,
      webRoot: '/nonexistent-web-root',
      jobs: { 'discord-outbox': true },
    });
    await server.ready();
    try {
      await vi.waitFor(() => expect(webhook.posts).toHaveLength(1), { timeout: 15_000 });
    } finally {
      await server.close();
    }
    const [post] = await ctx.db.select().from(discordOutbox);
    expect(post).toMatchObject({ status: 'sent', leaseUntil: null });
  });
});
