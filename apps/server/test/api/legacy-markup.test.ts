import { readFile } from 'node:fs/promises';
import type { Alert, Event, EventOccurrenceDetail } from '@guildhall/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, events } from '../../src/db/schema.js';
import { buildAdmin, buildMember } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

/*
 * Alert messages and event descriptions were stored as sanitized HTML before they were written in
 * Markdown (decision 055). Migration 0021 keeps that HTML as what readers are shown and as its own
 * source: members read the same, and the editor saves it again unchanged.
 */

let ctx: TestContext;
let admin: Client;
let member: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = clientAs(ctx, await buildAdmin(ctx.db));
  member = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));
});
afterAll(() => ctx.close());

const MIGRATION = new URL('../../drizzle/0021_markdown_sources.sql', import.meta.url);

/** The database as it was before 0021, holding these messages and descriptions, then migrated. */
async function migrateFromHtml(messages: Map<string, string>, descriptions: Map<string, string>) {
  await ctx.db.execute(sql`alter table alerts drop column message_markdown`);
  await ctx.db.execute(sql`alter table events drop column description_markdown`);
  for (const [id, message] of messages) {
    await ctx.db.execute(sql`update alerts set message = ${message} where id = ${id}`);
  }
  for (const [id, description] of descriptions) {
    await ctx.db.execute(sql`update events set description = ${description} where id = ${id}`);
  }
  for (const statement of (await readFile(MIGRATION, 'utf8')).split('--> statement-breakpoint')) {
    await ctx.db.execute(sql.raw(statement));
  }
}

/** Stored HTML, as the server's sanitizer wrote it before Markdown. */
const LEGACY = [
  '<p>Renouvelez votre <strong>adhésion</strong><br />avant <em>vendredi</em></p><ul><li>un</li><li>deux</li></ul>',
  '<p><a href="https://example.org/plan" target="_blank" rel="noopener noreferrer">Le plan</a> <u>ici</u></p>',
  '<ol><li><b>premier</b></li><li><i>second</i></li></ol>',
];

describe('content written in HTML before Markdown', () => {
  it('reads the same after the migration, and saved again from its source it stays the same', async () => {
    const created: { alert: Alert; event: Event }[] = [];
    for (const [index] of LEGACY.entries()) {
      const alert = await admin.post('/api/alerts', {
        type: 'infos',
        statut: 'active',
        condition: 'true',
        message: `placeholder ${index}`,
      });
      const event = await admin.post('/api/events', {
        title: `Soirée ${index}`,
        type: 'training',
        starts_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 50 * 3_600_000).toISOString(),
        audience: { kind: 'organization' },
        description: 'placeholder',
      });
      created.push({ alert: alert.json<Alert>(), event: event.json<Event>() });
    }
    await migrateFromHtml(
      new Map(created.map(({ alert }, index) => [alert._id, LEGACY[index]!])),
      new Map(created.map(({ event }, index) => [event._id, LEGACY[index]!])),
    );

    const shown = (await member.get('/api/alerts')).json<Alert[]>();
    const listed = (await admin.get('/api/alerts?all=1')).json<Alert[]>();
    for (const [index, { alert, event }] of created.entries()) {
      const html = LEGACY[index]!;
      expect(shown.find((one) => one._id === alert._id)!.message).toBe(html);
      expect(listed.find((one) => one._id === alert._id)).toMatchObject({
        message: html,
        message_markdown: html,
      });
      const page = await member.get(`/api/event-occurrences/${event.occurrences[0]!._id}`);
      expect(page.json<EventOccurrenceDetail>().description).toBe(html);
      const form = (await admin.get(`/api/events/${event._id}`)).json<Event>();
      expect(form).toMatchObject({ description: html, description_markdown: html });

      // The editor sends the source back as it got it: the rendering is what it was.
      const source = listed.find((one) => one._id === alert._id)!.message_markdown;
      const resaved = await admin.put(`/api/alerts/${alert._id}`, {
        type: alert.type,
        statut: alert.statut,
        condition: alert.condition,
        message: source,
      });
      expect(resaved.json<Alert>().message).toBe(html);
      const [row] = await ctx.db.select().from(alerts).where(eq(alerts.id, alert._id));
      expect(row!.message).toBe(html);
      await admin.put(`/api/events/${event._id}`, {
        title: event.title,
        type: event.type,
        starts_at: event.starts_at,
        ends_at: event.ends_at,
        audience: { kind: 'organization' },
        description: form.description_markdown,
      });
      const [eventRow] = await ctx.db.select().from(events).where(eq(events.id, event._id));
      expect(eventRow!.description).toBe(html);
    }
  });
});
