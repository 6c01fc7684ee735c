import { randomBytes } from 'node:crypto';
import type { Event } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discordOutbox, discordWebhooks, eventOccurrences, events } from '../../src/db/schema.js';
import type { WebhookClient } from '../../src/integrations/discord/webhook-client.js';
import { deliverDuePosts } from '../../src/services/discord-webhooks/outbox.js';
import { remindNow } from '../../src/services/events/remind-now.js';
import { queueDueReminders } from '../../src/services/events/reminders.js';
import { webhookUrl, type FakeWebhook } from '../fakes/fake-discord.js';
import { buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, type Client, type TestContext } from '../helpers/test-app.js';
import { useWebhookPortal } from '../helpers/webhook-portal.js';

// Event reminders in the team's Discord channel (decision 037): once per occurrence whatever
// runs the rules, who is going named, who has not answered mentioned, nobody else pinged.

let ctx: TestContext, admin: Client, webhook: FakeWebhook, newClient: () => WebhookClient;
useWebhookPortal('119', (portal) => ({ ctx, admin, webhook, newClient } = portal));

const deliver = () => deliverDuePosts({ db: ctx.db, vault: ctx.vault, client: newClient() });
const ORIGIN = 'https://portal.example';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A team with a webhook for its channel, three players (two on Discord), a scrim in 5 hours. */
async function teamScrim() {
  const going = await buildMember(ctx.db, { pseudo: `Ember-${randomBytes(2).toString('hex')}` });
  const silent = await buildMember(ctx.db, {
    discordId: `2${randomBytes(8).readBigUInt64BE()}`.slice(0, 18),
  });
  const declined = await buildMember(ctx.db, {
    discordId: `3${randomBytes(8).readBigUInt64BE()}`.slice(0, 18),
  });
  const team = await buildTeam(ctx.db, {
    roles: [{ role: 'Players', members: [going, silent, declined] }],
  });
  const set = await admin.put(`/api/teams/${team.id}/discord-webhook`, {
    url: webhookUrl(webhook),
  });
  expect(set.statusCode, set.body).toBe(204);
  const created = await admin.post('/api/events', {
    title: 'Scrim vs Rivals',
    type: 'scrim',
    opponent: 'Rivals',
    starts_at: inHours(5),
    ends_at: inHours(7),
    audience: { kind: 'teams', team_ids: [team.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json<Event>();
  const occurrenceId = event.occurrences[0]!._id;
  await clientAs(ctx, going).put(`/api/event-occurrences/${occurrenceId}/rsvp`, {
    answer: 'going',
  });
  await clientAs(ctx, declined).put(`/api/event-occurrences/${occurrenceId}/rsvp`, {
    answer: 'not_going',
  });
  return { team, event, occurrenceId, going, silent, declined };
}

describe('reminders of events', () => {
  it("are posted once to the team's channel, naming who goes and mentioning who has not answered", async () => {
    const { occurrenceId, going, silent, declined } = await teamScrim();
    // Two instances run the rules at once, then again: one post.
    await Promise.all([
      queueDueReminders({ db: ctx.db, origin: ORIGIN }),
      queueDueReminders({ db: ctx.db, origin: ORIGIN }),
    ]);
    await queueDueReminders({ db: ctx.db, origin: ORIGIN });
    await deliver();
    expect(webhook.posts).toHaveLength(1);
    const body = webhook.posts[0]!.body as {
      content: string;
      allowed_mentions: { parse: string[]; users: string[] };
    };
    expect(body.content).toContain('Scrim vs Rivals');
    expect(body.content).toContain(going.pseudo);
    expect(body.content).toContain(`<@${silent.discordId}>`);
    expect(body.content).not.toContain(`<@${declined.discordId}>`);
    expect(body.content).toContain(`${ORIGIN}/events/${occurrenceId}`);
    expect(body.allowed_mentions).toEqual({ parse: [], users: [silent.discordId] });
  });

  it('wait until the day before, and skip cancelled occurrences', async () => {
    const { team } = await teamScrim();
    const later = await admin.post('/api/events', {
      title: 'Far away',
      type: 'training',
      starts_at: inHours(72),
      ends_at: inHours(74),
      audience: { kind: 'teams', team_ids: [team.id] },
    });
    const cancelled = (
      await admin.post('/api/events', {
        title: 'Cancelled',
        type: 'training',
        starts_at: inHours(3),
        ends_at: inHours(4),
        audience: { kind: 'teams', team_ids: [team.id] },
      })
    ).json<Event>();
    await admin.patch(`/api/event-occurrences/${cancelled.occurrences[0]!._id}`, {
      cancelled: true,
    });
    expect(later.statusCode).toBe(201);
    expect(await queueDueReminders({ db: ctx.db, origin: ORIGIN })).toBe(1);
    await deliver();
    expect(webhook.posts.map((post) => (post.body as { content: string }).content)).toEqual([
      expect.stringContaining('Scrim vs Rivals'),
    ]);
  });

  it('a manager reminds now, once a minute; without a channel it is a 409', async () => {
    const { occurrenceId, team } = await teamScrim();
    const first = await admin.post(`/api/event-occurrences/${occurrenceId}/remind`);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ channels: 1 });
    // At once again: nothing more is posted, and the manager is told when to ask again.
    const again = await admin.post(`/api/event-occurrences/${occurrenceId}/remind`);
    if (again.statusCode !== 202) {
      // (202 only when the clock turned a minute between the two calls.)
      expect(again.statusCode, again.body).toBe(429);
      expect(again.json().error.code).toBe('rate_limited');
      expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Twice in the same minute is one post; the next minute, another.
    const [row] = await ctx.db
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, occurrenceId));
    const [event] = await ctx.db.select().from(events).where(eq(events.id, row!.eventId));
    const at = new Date('2030-01-01T10:00:30Z');
    const remind = (now: Date) =>
      remindNow({ db: ctx.db, event: event!, occurrence: row!, origin: ORIGIN, now });
    await remind(at);
    await expect(remind(new Date(at.getTime() + 20_000))).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 10,
    });
    await remind(new Date(at.getTime() + 60_000));
    await deliver();
    // The route's one, and two of the three above.
    expect(webhook.posts).toHaveLength(3 + (again.statusCode === 202 ? 1 : 0));

    await admin.put(`/api/teams/${team.id}/discord-webhook`, { url: null });
    const refused = await admin.post(`/api/event-occurrences/${occurrenceId}/remind`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('discord_webhook_not_configured');
  });

  it('the event page tells its managers how many channels a reminder goes to, and members nothing', async () => {
    const { team, occurrenceId, going } = await teamScrim();
    const channels = async (client: Client, id: string) => {
      const page = await client.get(`/api/event-occurrences/${id}`);
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{ reminder_channels: number | null }>().reminder_channels;
    };
    expect(await channels(admin, occurrenceId)).toBe(1);
    expect(await channels(clientAs(ctx, going), occurrenceId)).toBeNull();
    await admin.put(`/api/teams/${team.id}/discord-webhook`, { url: null });
    expect(await channels(admin, occurrenceId)).toBe(0);

    // The organisation's events go to the announcements' channel, once it is set.
    const meeting = await admin.post('/api/events', {
      title: 'Assemblée générale',
      type: 'meeting',
      starts_at: inHours(30),
      ends_at: inHours(32),
      audience: { kind: 'organization' },
    });
    expect(meeting.statusCode, meeting.body).toBe(201);
    const meetingId = meeting.json<Event>().occurrences[0]!._id;
    expect(await channels(admin, meetingId)).toBe(0);
    const set = await admin.put('/api/discord/webhook', { url: webhookUrl(webhook) });
    expect(set.statusCode, set.body).toBe(204);
    expect(await channels(admin, meetingId)).toBe(1);
    expect(await channels(clientAs(ctx, going), meetingId)).toBeNull();
  });

  it("a team's channel is shown without its URL, and goes with the team", async () => {
    const { team } = await teamScrim();
    const shown = await admin.get(`/api/teams/${team.id}/discord-webhook`);
    expect(shown.json()).toMatchObject({ configured: true, hint: webhook.id.slice(-4) });
    expect(shown.body).not.toContain(webhook.token);
    expect((await admin.delete(`/api/teams/${team.id}`)).statusCode).toBe(204);
    expect(
      await ctx.db
        .select()
        .from(discordWebhooks)
        .where(eq(discordWebhooks.id, `team:${team.id}`)),
    ).toEqual([]);
    expect(await ctx.db.select().from(discordOutbox)).toEqual([]);
    expect((await admin.get(`/api/teams/${team.id}/discord-webhook`)).statusCode).toBe(404);
  });
});
