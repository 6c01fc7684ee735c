import type { CalendarFeed, CalendarFeedCreated, Event } from '@guildhall/contract';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { organization, type UserRow } from '../../src/db/schema.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let admin: Client;
let player: UserRow;
let member: Client;
let anonymous: Client;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  admin = clientAs(ctx, await buildAdmin(ctx.db));
  player = await buildMember(ctx.db);
  member = clientAs(ctx, player);
  anonymous = clientAs(ctx, 'anonymous');
  ({ id: teamId } = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [player] }] }));
  const stranger = await buildMember(ctx.db);
  ({ id: otherTeamId } = await buildTeam(ctx.db, {
    roles: [{ role: 'Players', members: [stranger] }],
  }));
  await ctx.db.update(organization).set({ name: 'Les Guildiens' });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
/** Whole seconds: iCalendar times have no milliseconds. */
const inHours = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * HOUR) / 1000) * 1000).toISOString();

async function create(overrides: object): Promise<Event> {
  const response = await admin.post('/api/events', {
    title: 'Entraînement',
    type: 'training',
    starts_at: inHours(48),
    ends_at: inHours(50),
    audience: { kind: 'teams', team_ids: [teamId] },
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

async function newFeed(client: Client = member): Promise<CalendarFeedCreated> {
  const response = await client.post('/api/calendar');
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CalendarFeedCreated>();
}

/** The feed's path, fetched as a calendar app would: no cookie, no session. */
const pathOf = (feed: CalendarFeedCreated) => new URL(feed.url).pathname;

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  start: string;
  end: string;
  status: string | null;
  url: string | null;
  rsvp: string | null;
}

/** The feed read by a real iCalendar parser, its events by UID. */
function parseFeed(body: string): { name: string; events: Map<string, ParsedEvent> } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = new Map<string, ParsedEvent>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    events.set(event.uid, {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: component.getFirstPropertyValue('status') as string | null,
      url: component.getFirstPropertyValue('url') as string | null,
      rsvp: component.getFirstPropertyValue('x-guildhall-rsvp') as string | null,
    });
  }
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

async function fetchFeed(feed: CalendarFeedCreated) {
  const response = await anonymous.get(pathOf(feed));
  expect(response.statusCode, response.body).toBe(200);
  return { response, ...parseFeed(response.body) };
}

const expectGone = async (path: string): Promise<LightMyRequestResponse> => {
  const response = await anonymous.get(path);
  expect(response.statusCode).toBe(404);
  return response;
};

describe('the calendar feed', () => {
  it('has no feed until one is created, then says since when', async () => {
    const someone = clientAs(ctx, await buildMember(ctx.db));
    expect((await someone.get('/api/calendar')).json<CalendarFeed>()).toEqual({
      active: false,
      created_at: null,
    });
    const feed = await newFeed(someone);
    expect(feed.url).toMatch(/^http:\/\/localhost:5000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcal_url).toBe(feed.url.replace(/^http:/, 'webcal:'));
    const status = await someone.get('/api/calendar');
    expect(status.headers['cache-control']).toBe('no-store');
    const body = status.json<CalendarFeed>();
    expect(body.active).toBe(true);
    expect(Date.now() - Date.parse(body.created_at!)).toBeLessThan(60_000);
  });

  it("lists the member's events with its answers, and nothing of other teams", async () => {
    const scrim = await create({
      title: 'Scrim',
      type: 'scrim',
      opponent: 'Rivals',
      location: 'Salle 2, Paris',
      // Written in Markdown: the feed reads its rendering, as text.
      description: 'Apportez **vos casques**; [plan](https://example.org/plan)',
      time_zone: 'Europe/Paris',
    });
    const scrimOccurrence = scrim.occurrences[0]!;
    const answered = await member.put(`/api/event-occurrences/${scrimOccurrence._id}/rsvp`, {
      answer: 'going',
      comment: '',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const unanswered = await create({ title: 'Réunion', type: 'meeting' });
    const cancelled = await create({ title: 'Annulé', audience: { kind: 'organization' } });
    const cancelling = await admin.patch(
      `/api/event-occurrences/${cancelled.occurrences[0]!._id}`,
      {
        cancelled: true,
      },
    );
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    const hidden = await create({
      title: 'Autre équipe',
      audience: { kind: 'teams', team_ids: [otherTeamId] },
    });

    const { response, name, events } = await fetchFeed(await newFeed());
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="calendar.ics"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(name).toBe('Les Guildiens');

    const got = events.get(`${scrimOccurrence._id}@guildhall`);
    expect(got).toMatchObject({
      start: scrimOccurrence.starts_at,
      end: scrimOccurrence.ends_at,
      summary: '✓ Scrim',
      location: 'Salle 2, Paris',
      status: 'CONFIRMED',
      rsvp: 'going',
      url: `http://localhost:5000/events/${scrimOccurrence._id}`,
    });
    expect(got!.description).toContain('Votre réponse : présent');
    expect(got!.description).toContain('Adversaire : Rivals');
    expect(got!.description).toContain('Apportez vos casques; plan (https://example.org/plan)');
    expect(got!.description).not.toContain('<');

    const open = events.get(`${unanswered.occurrences[0]!._id}@guildhall`);
    expect(open).toMatchObject({ summary: 'Réunion', rsvp: 'none' });
    expect(open!.description).toContain('Votre réponse : pas encore répondu');
    expect(events.get(`${cancelled.occurrences[0]!._id}@guildhall`)?.status).toBe('CANCELLED');
    expect(events.has(`${hidden.occurrences[0]!._id}@guildhall`)).toBe(false);
    expect([...events.values()].some((event) => event.summary.includes('Autre équipe'))).toBe(
      false,
    );
  });

  it('writes every line with CRLF, the last one included, and no bare line feed', async () => {
    // Paragraphs, a long line (folded) and accents (folded between characters, not bytes).
    await create({
      title: 'Lignes',
      description: `<p>Première ligne</p><p>Seconde ligne</p><p>${'é'.repeat(120)}</p>`,
    });
    const { response } = await fetchFeed(await newFeed());
    // RFC 5545 3.1: "contentline = name *(";" param ) ":" value CRLF"; 3.4: the calendar object
    // ends with END:VCALENDAR and its CRLF, which strict readers expect.
    expect(response.body.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    const lines = response.body.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
  });

  it('leaves out the events the member sees without being invited (an admin, a manager)', async () => {
    const { events } = await fetchFeed(await newFeed(admin));
    const summaries = [...events.values()].map((event) => event.summary);
    // The organisation's event is the admin's too; the teams' are not.
    expect(summaries).toContain('Annulé');
    expect(summaries.some((summary) => /Scrim|Réunion|Autre équipe/.test(summary))).toBe(false);
  });

  it('gives each occurrence of a recurring event its own VEVENT', async () => {
    const weekly = await create({
      title: 'Hebdo',
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=3' },
    });
    expect(weekly.occurrences).toHaveLength(3);
    const { events } = await fetchFeed(await newFeed());
    const mine = [...events.values()].filter((event) => event.summary === 'Hebdo');
    expect(mine).toHaveLength(3);
    expect(mine.map((event) => event.uid).sort()).toEqual(
      weekly.occurrences.map((occurrence) => `${occurrence._id}@guildhall`).sort(),
    );
    expect(mine.map((event) => event.start).sort()).toEqual(
      weekly.occurrences.map((occurrence) => occurrence.starts_at).sort(),
    );
  });

  it('stops serving an address once replaced or revoked, answering as for a made-up one', async () => {
    const first = await newFeed();
    await fetchFeed(first);
    const second = await newFeed();
    const replaced = await expectGone(pathOf(first));
    await fetchFeed(second);

    const revoked = await member.delete('/api/calendar');
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    const gone = await expectGone(pathOf(second));
    expect((await member.get('/api/calendar')).json<CalendarFeed>()).toEqual({
      active: false,
      created_at: null,
    });
    // Revoking again is no error.
    expect((await member.delete('/api/calendar')).statusCode).toBe(204);

    const madeUp = await expectGone(`/calendar/${'A'.repeat(43)}.ics`);
    const garbage = await expectGone('/calendar/not-a-token.ics');
    for (const response of [replaced, gone, madeUp, garbage]) {
      expect(response.body).toBe(madeUp.body);
      expect(response.headers['content-type']).toBe(madeUp.headers['content-type']);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('needs no session for the feed, and a session for managing it', async () => {
    const feed = await newFeed();
    // A calendar app sends no cookie; a stale or foreign one changes nothing.
    const withJunkCookie = await anonymous.get(pathOf(feed), {
      headers: { cookie: '__Host-guildhall_session=nonsense' },
    });
    expect(withJunkCookie.statusCode).toBe(200);
    expect(withJunkCookie.headers['set-cookie']).toBeUndefined();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await anonymous.inject({ method, url: '/api/calendar' });
      expect(response.statusCode, method).toBe(401);
    }
  });

  it('limits one address fetched in a loop, each address on its own', async () => {
    const feed = await newFeed();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      statuses.push((await anonymous.get(pathOf(feed))).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await anonymous.get(pathOf(feed));
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['cache-control']).toBe('no-store');
    // Another member's feed has its own count.
    const otherFeed = await newFeed(clientAs(ctx, await buildMember(ctx.db)));
    expect((await anonymous.get(pathOf(otherFeed))).statusCode).toBe(200);
  });

  it('keeps the token out of the request log', async () => {
    const feed = await newFeed();
    const token = pathOf(feed).slice('/calendar/'.length, -'.ics'.length);
    const lines: string[] = [];
    const options = loggerOptions('info');
    if (typeof options !== 'object') throw new Error('logger options expected');
    const logged = await buildApp({
      config: ctx.config,
      database: ctx.database,
      vault: ctx.vault,
      logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
      webRoot: '/nonexistent-web-root',
    });
    try {
      await logged.ready();
      const web = clientAs({ app: logged }, 'anonymous');
      expect((await web.get(pathOf(feed))).statusCode).toBe(200);
      expect((await web.get('/calendar/made-up.ics')).statusCode).toBe(404);
      // A later request: the lines of the first two are written by the time it is answered.
      expect((await web.get('/healthz')).statusCode).toBe(200);
    } finally {
      await logged.close();
    }
    expect(lines.join('')).not.toContain(token);
    expect(lines.join('')).not.toContain('made-up');
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(urls.filter((url) => url === '/calendar/{token}.ics')).toHaveLength(2);
  });

  // Last: on PGlite a second context empties the file's database.
  it('answers for its paths, not the web app', async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'guildhall-web-'));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Guildhall</title>');
    const withWebApp = await createTestContext({}, { webRoot });
    try {
      const web = clientAs(withWebApp, 'anonymous');
      expect((await web.get('/calendar')).headers['content-type']).toMatch(/^text\/html/);
      const feed = await newFeed(clientAs(withWebApp, await buildMember(withWebApp.db)));
      const served = await web.get(pathOf(feed));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
      // An unknown feed is the route's JSON 404, not the web app's page.
      const unknown = await web.get('/calendar/unknown.ics');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
    } finally {
      await withWebApp.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
