import type { Event, EventOccurrence, EventOccurrenceDetail, Page } from '@guildhall/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventAudiences,
  eventOccurrences,
  eventRsvps,
  events,
  teamRoleMembers,
  type UserRow,
} from '../../src/db/schema.js';
import type { Db } from '../../src/db/client.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';
import { engine } from '../helpers/test-database.js';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  admin = clientAs(ctx, await buildAdmin(ctx.db));
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const eventBody = (overrides: object = {}) => ({
  title: 'Entraînement',
  type: 'training',
  starts_at: inHours(48),
  ends_at: inHours(50),
  audience: { kind: 'organization' },
  ...overrides,
});

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
};

async function create(client: Client, overrides: object = {}): Promise<Event> {
  const response = await client.post('/api/events', eventBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const occurrenceOf = (event: Event) => event.occurrences[0]!._id;

async function answer(client: Client, occurrenceId: string, answer: string, comment = '') {
  return client.put(`/api/event-occurrences/${occurrenceId}/rsvp`, { answer, comment });
}

async function listed(client: Client): Promise<EventOccurrence[]> {
  const response = await client.get('/api/events?limit=200');
  expect(response.statusCode).toBe(200);
  return response.json<Page<EventOccurrence>>().items;
}

async function page(client: Client, occurrenceId: string): Promise<EventOccurrenceDetail> {
  const response = await client.get(`/api/event-occurrences/${occurrenceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrenceDetail>();
}

async function rowCounts(): Promise<number[]> {
  const tables = [events, eventOccurrences, eventAudiences, eventRsvps];
  const counts = await Promise.all(
    tables.map(async (table) => (await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0),
  );
  return counts;
}

/** A team with a managing role (Coach) and a playing one (Players). */
async function teamWithManager() {
  const coach = await buildMember(ctx.db);
  const player = await buildMember(ctx.db);
  const team = await buildTeam(ctx.db, {
    roles: [
      { role: 'Coach', members: [coach], manages: true },
      { role: 'Players', members: [player] },
    ],
  });
  return {
    team,
    coach: clientAs(ctx, coach),
    player: clientAs(ctx, player),
    playerRow: player,
  };
}

describe('an event for the whole organisation', () => {
  it('is created by an admin and listed, with its times and a sanitized description', async () => {
    const event = await create(admin, {
      description: '<p>Salle B</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      location: 'Salle B',
    });
    expect(event.description).toBe('<p>Salle B</p>');
    expect(event.audience).toEqual({ kind: 'organization', teams: [], roles: [] });
    expect(event.time_zone).toBe('Europe/Paris');
    const member = clientAs(ctx, await buildMember(ctx.db, { role: 'invited' }));
    const item = (await listed(member)).find((occurrence) => occurrence.event_id === event._id);
    expect(item).toMatchObject({
      title: 'Entraînement',
      type: 'training',
      location: 'Salle B',
      cancelled: false,
      my_rsvp: null,
      can_manage: false,
      counts: { going: 0, maybe: 0, not_going: 0, waitlisted: 0 },
    });
    // Answers close at the start when no deadline is set.
    expect(item!.rsvp_deadline).toBe(item!.starts_at);
  });

  it('has its description written in Markdown: the form gets it back, members its rendering', async () => {
    const description =
      'Apportez **vos casques**\n\n- [plan](https://example.org/plan)\n- ![x](https://evil.example/x.png) <script>alert(1)</script>';
    const event = await create(admin, { description });
    const rendered =
      '<p>Apportez <strong>vos casques</strong></p>\n<ul>\n' +
      '<li><a href="https://example.org/plan" target="_blank" rel="noopener noreferrer">plan</a></li>\n' +
      '<li>!<a href="https://evil.example/x.png" target="_blank" rel="noopener noreferrer">x</a> </li>\n</ul>';
    expect(event.description_markdown).toBe(description);
    expect(event.description).toBe(rendered);
    const member = clientAs(ctx, await buildMember(ctx.db, { role: 'invited' }));
    expect((await page(member, occurrenceOf(event))).description).toBe(rendered);
    const edited = await admin.put(
      `/api/events/${event._id}`,
      eventBody({ description: '*Annulé*' }),
    );
    expect(edited.json<Event>().description).toBe('<p><em>Annulé</em></p>');
  });

  it('is not created by a member who manages no team', async () => {
    const before = await rowCounts();
    expectError(
      await clientAs(ctx, await buildMember(ctx.db)).post('/api/events', eventBody()),
      403,
      'forbidden',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('lists only what has not ended, soonest first, within from and to', async () => {
    const member = clientAs(ctx, await buildMember(ctx.db));
    const later = await create(admin, { starts_at: inHours(300), ends_at: inHours(301) });
    const sooner = await create(admin, { starts_at: inHours(200), ends_at: inHours(201) });
    const ended = await create(admin, { starts_at: inHours(-5), ends_at: inHours(-4) });
    const ids = (await listed(member)).map((occurrence) => occurrence.event_id);
    expect(ids.indexOf(sooner._id)).toBeLessThan(ids.indexOf(later._id));
    expect(ids).not.toContain(ended._id);
    const window = await member.get(
      `/api/events?from=${encodeURIComponent(inHours(150))}&to=${encodeURIComponent(inHours(250))}`,
    );
    const inWindow = window.json<Page<EventOccurrence>>().items;
    expect(inWindow.map((occurrence) => occurrence.event_id)).toContain(sooner._id);
    expect(inWindow.map((occurrence) => occurrence.event_id)).not.toContain(later._id);
  });
});

describe('bad input: a 400 naming the field, nothing written', () => {
  it.each([
    ['end before start', { starts_at: inHours(10), ends_at: inHours(9) }, 'body.ends_at'],
    ['end at the start', { starts_at: inHours(10), ends_at: inHours(10) }, 'body.ends_at'],
    [
      'deadline after the start',
      { starts_at: inHours(10), ends_at: inHours(12), rsvp_deadline: inHours(11) },
      'body.rsvp_deadline',
    ],
    ['an opponent for a training', { opponent: 'Karmine' }, 'body.opponent'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'body.time_zone'],
    ['a capacity of zero', { capacity: 0 }, 'body.capacity'],
    ['no title', { title: '   ' }, 'body.title'],
    ['an empty team list', { audience: { kind: 'teams', team_ids: [] } }, 'body.audience.team_ids'],
    [
      'a team that does not exist',
      { audience: { kind: 'teams', team_ids: ['0123456789abcdef01234567'] } },
      'body.audience.team_ids.0',
    ],
    [
      'a role that does not exist',
      { audience: { kind: 'roles', role_ids: ['0123456789abcdef01234567'] } },
      'body.audience.role_ids.0',
    ],
  ])('%s', async (_, overrides, path) => {
    const before = await rowCounts();
    const response = await admin.post('/api/events', eventBody(overrides));
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(
      path,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('takes an opponent for a scrim', async () => {
    const event = await create(admin, { type: 'scrim', opponent: 'Karmine Corp Academy' });
    expect(event.opponent).toBe('Karmine Corp Academy');
  });
});

describe("a team's managers and its members", () => {
  it('a manager plans for the team; its members see it, others do not (404)', async () => {
    const { team, coach, player } = await teamWithManager();
    const event = await create(coach, { audience: { kind: 'teams', team_ids: [team.id] } });
    expect(event.can_manage).toBe(true);
    expect(event.audience.teams.map((t) => t._id)).toEqual([team.id]);
    const occurrenceId = occurrenceOf(event);

    const seen = (await listed(player)).find((occurrence) => occurrence._id === occurrenceId);
    expect(seen?.can_manage).toBe(false);
    const outsider = clientAs(ctx, await buildMember(ctx.db));
    expect((await listed(outsider)).map((occurrence) => occurrence._id)).not.toContain(
      occurrenceId,
    );
    expectError(
      await outsider.get(`/api/event-occurrences/${occurrenceId}`),
      404,
      'event_not_found',
    );
    expectError(await outsider.get(`/api/events/${event._id}`), 404, 'event_not_found');
    expectError(await answer(outsider, occurrenceId, 'going'), 404, 'event_not_found');
    expectError(
      await outsider.put(`/api/events/${event._id}`, eventBody()),
      404,
      'event_not_found',
    );
    // A member of the team who does not manage it sees the event but does not change it.
    expectError(
      await player.put(
        `/api/events/${event._id}`,
        eventBody({ audience: { kind: 'teams', team_ids: [team.id] } }),
      ),
      403,
      'forbidden',
    );
    expectError(await player.delete(`/api/events/${event._id}`), 403, 'forbidden');
    expect((await admin.get(`/api/events/${event._id}`)).json().can_manage).toBe(true);
  });

  it('a manager does not plan for the organisation or for another team', async () => {
    const { coach } = await teamWithManager();
    const other = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [] }] });
    const before = await rowCounts();
    expectError(await coach.post('/api/events', eventBody()), 403, 'forbidden');
    expectError(
      await coach.post(
        '/api/events',
        eventBody({ audience: { kind: 'teams', team_ids: [other.id] } }),
      ),
      403,
      'forbidden',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('an event for one role reaches its holders only; the manager sees it but does not answer', async () => {
    const { team, coach, player } = await teamWithManager();
    const benchMember = await buildMember(ctx.db);
    await buildTeam(ctx.db, { roles: [{ role: 'Bench', members: [benchMember] }] });
    const playersRole = team.roleIds[1]!;
    const event = await create(coach, { audience: { kind: 'roles', role_ids: [playersRole] } });
    expect(event.audience.roles).toEqual([
      expect.objectContaining({ _id: playersRole, name: 'Players', team_id: team.id }),
    ]);
    const occurrenceId = occurrenceOf(event);
    expect((await answer(player, occurrenceId, 'going')).statusCode).toBe(200);
    expectError(await answer(coach, occurrenceId, 'going'), 403, 'forbidden');
    // The lists say so: the coach is not offered to answer, the player is.
    const seenBy = async (client: Client) =>
      (await listed(client)).find((occurrence) => occurrence._id === occurrenceId);
    expect(await seenBy(coach)).toMatchObject({ invited: false, can_manage: true });
    expect(await seenBy(player)).toMatchObject({ invited: true, can_manage: false });
    expectError(
      await answer(clientAs(ctx, benchMember), occurrenceId, 'going'),
      404,
      'event_not_found',
    );
  });

  it('managers see every answer and who has not answered; members see who is coming', async () => {
    const { team, coach, player, playerRow } = await teamWithManager();
    const late = await buildMember(ctx.db, { pseudo: `aaa-late-${Date.now()}` });
    await ctx.db.insert(teamRoleMembers).values({
      roleId: team.roleIds[1]!,
      userId: late.id,
      position: 1,
    });
    const event = await create(coach, { audience: { kind: 'teams', team_ids: [team.id] } });
    const occurrenceId = occurrenceOf(event);
    await answer(player, occurrenceId, 'going', 'Je serai là à 19h');

    const forMember = await page(player, occurrenceId);
    expect(forMember.going).toEqual([{ _id: playerRow.id, pseudo: playerRow.pseudo }]);
    expect(forMember.answers).toBeNull();
    expect(forMember.unanswered).toBeNull();
    expect(forMember.my_rsvp).toEqual({
      answer: 'going',
      comment: 'Je serai là à 19h',
      waitlisted: false,
    });

    const forCoach = await page(coach, occurrenceId);
    expect(forCoach.answers).toEqual([
      expect.objectContaining({
        member: { _id: playerRow.id, pseudo: playerRow.pseudo },
        answer: 'going',
        comment: 'Je serai là à 19h',
      }),
    ]);
    // The coach (a member of the team) and the late member have not answered.
    expect(forCoach.unanswered?.count).toBe(2);
    expect(forCoach.unanswered?.members.map((member) => member._id)).toContain(late.id);
  });
});

describe('the list a page at a time (decision 061)', () => {
  it('pages soonest first past its limit, each page after the last, the last without a next cursor', async () => {
    const { team, coach, player } = await teamWithManager();
    const [startsAt, endsAt] = [inHours(20), inHours(21)];
    const sooner = await create(coach, {
      audience: { kind: 'teams', team_ids: [team.id] },
      starts_at: startsAt,
      ends_at: endsAt,
      time_zone: 'Europe/Paris',
      recurrence: { rule: 'FREQ=DAILY;COUNT=4' },
    });
    // Two occurrences at the same instant: the key's id orders them, none is skipped.
    const sameStart = await create(coach, {
      audience: { kind: 'teams', team_ids: [team.id] },
      starts_at: startsAt,
      ends_at: endsAt,
    });
    const everyId = [sooner, sameStart]
      .flatMap((event) => event.occurrences)
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a._id.localeCompare(b._id))
      .map((occurrence) => occurrence._id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ team: team.id, limit: '2' });
      if (cursor) query.set('cursor', cursor);
      const response = await player.get(`/api/events?${query.toString()}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<Page<EventOccurrence>>();
      seen.push(...page.items.map((occurrence) => occurrence._id));
      sizes.push(page.items.length);
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(everyId);
  });

  it.each([
    ['not a cursor', 'nonsense!'],
    ['a cursor of another list', Buffer.from('[12]').toString('base64url')],
  ])('answers a 400 naming the cursor for %s', async (_case, cursor) => {
    const response = await admin.get(`/api/events?cursor=${encodeURIComponent(cursor)}`);
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.issues).toContainEqual(
      expect.objectContaining({ path: 'querystring.cursor', message: 'must be a page cursor' }),
    );
  });
});

describe("a team's events (?team=)", () => {
  const ofTeam = async (client: Client, teamId: string) => {
    const response = await client.get(`/api/events?limit=200&team=${teamId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<EventOccurrence>>().items.map((o) => o.event_id);
  };

  it("keeps the events for the team or one of its roles, not the organisation's nor another team's", async () => {
    const { team, coach, player, playerRow } = await teamWithManager();
    const other = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [playerRow] }] });
    const forTeam = await create(coach, {
      audience: { kind: 'teams', team_ids: [team.id] },
      starts_at: inHours(30),
      ends_at: inHours(31),
    });
    const forRole = await create(coach, {
      audience: { kind: 'roles', role_ids: [team.roleIds[1]!] },
      starts_at: inHours(20),
      ends_at: inHours(21),
    });
    const forEveryone = await create(admin);
    const forOther = await create(admin, { audience: { kind: 'teams', team_ids: [other.id] } });
    const forBoth = await create(admin, {
      audience: { kind: 'teams', team_ids: [team.id, other.id] },
      starts_at: inHours(40),
      ends_at: inHours(41),
    });

    expect(await ofTeam(player, team.id)).toEqual([forRole._id, forTeam._id, forBoth._id]);
    expect(await ofTeam(player, other.id)).toEqual(
      expect.arrayContaining([forOther._id, forBoth._id]),
    );
    expect(await ofTeam(player, other.id)).not.toContain(forEveryone._id);
    // Without the parameter, everything the member sees.
    expect((await listed(player)).map((o) => o.event_id)).toEqual(
      expect.arrayContaining([forTeam._id, forRole._id, forEveryone._id, forOther._id]),
    );
    // The filter narrows what the caller sees; it reveals nothing more.
    const outsider = clientAs(ctx, await buildMember(ctx.db));
    expect(await ofTeam(outsider, team.id)).toEqual([]);
  });

  it('gives an empty list for a team that does not exist, and a 400 for an id that is none', async () => {
    expect(await ofTeam(admin, 'ffffffffffffffffffffffff')).toEqual([]);
    const response = await admin.get('/api/events?team=not-an-id');
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(
      'querystring.team',
    );
  });
});

describe('answers, seats and the waiting list', () => {
  async function fullTeamEvent(capacity: number, size: number) {
    const members: UserRow[] = [];
    for (let index = 0; index < size; index++) members.push(await buildMember(ctx.db));
    const team = await buildTeam(ctx.db, { roles: [{ role: 'Players', members }] });
    const event = await create(admin, {
      capacity,
      audience: { kind: 'teams', team_ids: [team.id] },
    });
    return {
      event,
      occurrenceId: occurrenceOf(event),
      members,
      clients: members.map((m) => clientAs(ctx, m)),
    };
  }

  it('seats "going" in order, queues the rest, and promotes the first when a seat frees', async () => {
    const {
      occurrenceId,
      clients: [a, b, c, d],
    } = await fullTeamEvent(2, 4);
    expect((await answer(a!, occurrenceId, 'going')).json().my_rsvp.waitlisted).toBe(false);
    expect((await answer(b!, occurrenceId, 'going')).json().my_rsvp.waitlisted).toBe(false);
    const queued = await answer(c!, occurrenceId, 'going');
    expect(queued.json()).toMatchObject({
      my_rsvp: { answer: 'going', waitlisted: true },
      counts: { going: 2, waitlisted: 1 },
    });
    await answer(d!, occurrenceId, 'going');
    // Saying "going" again (a new comment) keeps one's place in line.
    await answer(c!, occurrenceId, 'going', 'Je peux remplacer');
    await answer(a!, occurrenceId, 'maybe');
    expect((await page(c!, occurrenceId)).my_rsvp).toMatchObject({ waitlisted: false });
    expect((await page(d!, occurrenceId)).my_rsvp).toMatchObject({ waitlisted: true });
    expect((await page(a!, occurrenceId)).counts).toEqual({
      going: 2,
      maybe: 1,
      not_going: 0,
      waitlisted: 1,
    });
  });

  it('gives the last seat to one of two members answering at once', async () => {
    const { occurrenceId, clients } = await fullTeamEvent(1, 2);
    const responses = await Promise.all(
      clients.map((client) => answer(client, occurrenceId, 'going')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(responses.map((response) => response.json().my_rsvp.waitlisted).sort()).toEqual([
      false,
      true,
    ]);
  });

  it('refuses a capacity below the seats taken, and seats the line when it grows', async () => {
    const { event, occurrenceId, clients } = await fullTeamEvent(2, 3);
    for (const client of clients) await answer(client, occurrenceId, 'going');
    const body = eventBody({
      audience: { kind: 'teams', team_ids: event.audience.teams.map((team) => team._id) },
    });
    const before = await rowCounts();
    const refused = await admin.put(`/api/events/${event._id}`, { ...body, capacity: 1 });
    expectError(refused, 400, 'validation_failed');
    expect(refused.json().error.issues[0]).toMatchObject({
      path: 'body.capacity',
      code: 'capacity_below_going',
      params: { minimum: 2 },
    });
    expect(await rowCounts()).toEqual(before);
    const grown = await admin.put(`/api/events/${event._id}`, { ...body, capacity: 3 });
    expect(grown.statusCode, grown.body).toBe(200);
    expect((await page(clients[2]!, occurrenceId)).my_rsvp).toMatchObject({ waitlisted: false });
  });

  it('closes answers at the deadline', async () => {
    const member = await buildMember(ctx.db);
    const event = await create(admin, {
      starts_at: inHours(5),
      ends_at: inHours(6),
      rsvp_deadline: inHours(-1),
    });
    expectError(
      await answer(clientAs(ctx, member), occurrenceOf(event), 'going'),
      409,
      'rsvp_closed',
    );
  });

  /**
   * PostgreSQL: starts `answers` while this test holds the occurrence's row lock, as a manager's
   * change or another answer would; once PostgreSQL reports `waiting` of them blocked behind it
   * (no sleep: the order is certain), runs `meanwhile` in the same transaction and lets them
   * through. Gives their results and the database's clock just before the lock was released.
   */
  async function behindTheLock<T>(
    occurrenceId: string,
    waiting: number,
    answers: () => Promise<T>,
    meanwhile: (tx: Db) => Promise<unknown> = async () => undefined,
  ): Promise<{ results: T; releasedAt: Date }> {
    let started: Promise<T> | undefined;
    let settled = false;
    const releasedAt = await ctx.db.transaction(async (tx) => {
      await tx
        .select({ id: eventOccurrences.id })
        .from(eventOccurrences)
        .where(eq(eventOccurrences.id, occurrenceId))
        .for('update');
      started = answers().finally(() => {
        settled = true;
      });
      // Waiting on a lock: the first in line waits for this transaction, the others for it. The
      // activity is read anew each time (a transaction keeps the first view it read).
      const blocked = async () => {
        await tx.execute(sql`select pg_stat_clear_snapshot()`);
        const { rows } = (await tx.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      };
      // An answer that does not wait settles: the test's assertions then say what went wrong.
      while (!settled && (await blocked()) < waiting);
      await meanwhile(tx);
      const { rows } = (await tx.execute(sql`select clock_timestamp() as at`)) as unknown as {
        rows: { at: string | Date }[];
      };
      return new Date(rows[0]!.at);
    });
    return { results: await started!, releasedAt };
  }

  it('seats members answering at once in the order of their recorded answer times', async () => {
    const capacity = 3;
    const { occurrenceId, members, clients } = await fullTeamEvent(capacity, 8);
    const answerAll = () =>
      Promise.all(clients.map((client) => answer(client, occurrenceId, 'going')));
    // On PostgreSQL every answer waits behind a lock at once, and they go through together; the
    // embedded database runs one transaction at a time.
    const { results: responses, releasedAt } =
      engine === 'postgres'
        ? await behindTheLock(occurrenceId, clients.length, answerAll)
        : { results: await answerAll(), releasedAt: undefined };
    expect(responses.map((response) => response.statusCode)).toEqual(clients.map(() => 200));

    /** The managers' list, and what each member and the "going" list say, agree. */
    async function expectSeatsInAnswerOrder() {
      const detail = await page(admin, occurrenceId);
      const going = detail.answers!.filter((row) => row.answer === 'going');
      const times = going.map((row) => Date.parse(row.answered_at));
      // The managers' list is in answer-time order...
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // ...the earliest answers have the seats, and the rest wait in that order.
      expect(going.map((row) => row.waitlisted)).toEqual(
        going.map((_, index) => index >= capacity),
      );
      expect(detail.going.map((member) => member._id)).toEqual(
        going.slice(0, capacity).map((row) => row.member._id),
      );
      expect(detail.counts).toMatchObject({ going: capacity, waitlisted: going.length - capacity });
      return going;
    }
    const going = await expectSeatsInAnswerOrder();
    expect(going).toHaveLength(clients.length);
    // What each member was told, and its page, say the same.
    for (const [index, client] of clients.entries()) {
      const listed = going.find((row) => row.member._id === members[index]!.id)!;
      expect(responses[index]!.json<EventOccurrence>().my_rsvp!.waitlisted).toBe(listed.waitlisted);
      expect((await page(client, occurrenceId)).my_rsvp!.waitlisted).toBe(listed.waitlisted);
    }
    if (releasedAt) {
      // Each answer's time is taken once it holds the lock, not when it reached the server.
      for (const row of going) {
        expect(Date.parse(row.answered_at)).toBeGreaterThanOrEqual(
          Math.floor(releasedAt.getTime()),
        );
      }
    }

    // A seat freed goes to the first in line, and the lists still agree.
    const leaving = clients[members.findIndex((member) => member.id === going[0]!.member._id)]!;
    expect((await answer(leaving, occurrenceId, 'not_going')).statusCode).toBe(200);
    const after = await expectSeatsInAnswerOrder();
    expect(after.map((row) => row.member._id)).toEqual(going.slice(1).map((row) => row.member._id));
  });

  if (engine === 'postgres') {
    it.each([
      {
        change: 'a cancellation',
        meanwhile: (tx: Db, occurrenceId: string) =>
          tx
            .update(eventOccurrences)
            .set({ cancelled: true })
            .where(eq(eventOccurrences.id, occurrenceId)),
        code: 'event_cancelled',
      },
      {
        change: 'a deadline moved into the past',
        meanwhile: (tx: Db, occurrenceId: string) =>
          tx
            .update(eventOccurrences)
            .set({ rsvpDeadline: new Date(Date.now() - HOUR) })
            .where(eq(eventOccurrences.id, occurrenceId)),
        code: 'rsvp_closed',
      },
    ])(
      'refuses an answer, writing nothing, after $change committed while it waited',
      async ({ meanwhile, code }) => {
        const {
          occurrenceId,
          clients: [member],
        } = await fullTeamEvent(5, 1);
        const before = await rowCounts();
        const { results: refused } = await behindTheLock(
          occurrenceId,
          1,
          () => answer(member!, occurrenceId, 'going'),
          (tx) => meanwhile(tx, occurrenceId),
        );
        expectError(refused, 409, code);
        expect(await rowCounts()).toEqual(before);
        expect((await page(admin, occurrenceId)).answers).toEqual([]);
      },
    );

    it('seats by the capacity committed while an answer waited', async () => {
      const {
        event,
        occurrenceId,
        clients: [first, second],
      } = await fullTeamEvent(2, 2);
      await answer(first!, occurrenceId, 'going');
      const { results: queued } = await behindTheLock(
        occurrenceId,
        1,
        () => answer(second!, occurrenceId, 'going'),
        (tx) => tx.update(events).set({ capacity: 1 }).where(eq(events.id, event._id)),
      );
      expect(queued.json<EventOccurrence>()).toMatchObject({
        capacity: 1,
        my_rsvp: { waitlisted: true },
        counts: { going: 1, waitlisted: 1 },
      });
    });

    it("refuses a manager's change, writing nothing, once the event left its team while it waited", async () => {
      const { team, coach } = await teamWithManager();
      const other = await buildTeam(ctx.db);
      const event = await create(admin, { audience: { kind: 'teams', team_ids: [team.id] } });
      const occurrenceId = occurrenceOf(event);
      const { results: refused } = await behindTheLock(
        occurrenceId,
        1,
        () => coach.patch(`/api/event-occurrences/${occurrenceId}`, { cancelled: true }),
        (tx) =>
          tx
            .update(eventAudiences)
            .set({ teamId: other.id })
            .where(eq(eventAudiences.eventId, event._id)),
      );
      // The coach no longer sees the event: it is not told it exists.
      expectError(refused, 404, 'event_not_found');
      expect((await page(admin, occurrenceId)).cancelled).toBe(false);
    });

    it("moves an occurrence's deadline by the event's setting committed while the move waited", async () => {
      const { team, coach } = await teamWithManager();
      const event = await create(coach, {
        audience: { kind: 'teams', team_ids: [team.id] },
        rsvp_deadline: inHours(47),
      });
      const occurrenceId = occurrenceOf(event);
      const startsAt = inHours(72);
      const { results: moved } = await behindTheLock(
        occurrenceId,
        1,
        () =>
          coach.patch(`/api/event-occurrences/${occurrenceId}`, {
            starts_at: startsAt,
            ends_at: inHours(74),
          }),
        // Answers now close three hours before the start, not one.
        (tx) => tx.update(events).set({ rsvpDeadlineMinutes: 180 }).where(eq(events.id, event._id)),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(Date.parse(moved.json<EventOccurrence>().rsvp_deadline)).toBe(
        Date.parse(startsAt) - 3 * HOUR,
      );
    });
  }
});

describe('a deleted team', () => {
  it("cancels its events' future occurrences and keeps the past ones", async () => {
    const { team, coach } = await teamWithManager();
    const audience = { kind: 'teams', team_ids: [team.id] };
    const past = await create(coach, { audience, starts_at: inHours(-30), ends_at: inHours(-28) });
    const future = await create(coach, { audience });
    const shared = await create(admin, {
      audience: {
        kind: 'teams',
        team_ids: [team.id, (await buildTeam(ctx.db)).id],
      },
    });
    expect((await admin.delete(`/api/teams/${team.id}`)).statusCode).toBe(204);
    const cancelled = async (id: string) =>
      (await ctx.db.select().from(eventOccurrences).where(eq(eventOccurrences.eventId, id)))[0]!
        .cancelled;
    expect(await cancelled(future._id)).toBe(true);
    expect(await cancelled(past._id)).toBe(false);
    // An event still for another team goes on.
    expect(await cancelled(shared._id)).toBe(false);
    // No one is invited any more: not even an admin answers it.
    expectError(await answer(admin, occurrenceOf(future), 'going'), 403, 'forbidden');
  });

  it("cancels the future events of a role the team's save deletes, and only those", async () => {
    const coach = await buildMember(ctx.db);
    const team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Coach', members: [coach], manages: true },
        { role: 'Players', members: [] },
      ],
    });
    const [coachRole, playersRole] = team.roleIds;
    const forPlayers = await create(admin, {
      audience: { kind: 'roles', role_ids: [playersRole] },
    });
    const forCoaches = await create(admin, { audience: { kind: 'roles', role_ids: [coachRole] } });
    const forTeam = await create(admin, { audience: { kind: 'teams', team_ids: [team.id] } });
    const current = (await admin.get(`/api/teams/${team.id}`)).json<{
      name: string;
      icon: string;
      type: string;
      game: string | null;
    }>();
    const saved = await admin.put(`/api/teams/${team.id}`, {
      name: current.name,
      icon: current.icon,
      type: current.type,
      ...(current.game && { game: current.game }),
      roles: [{ _id: coachRole, role: 'Coach', members: [coach.id], manages: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cancelled = async (id: string) =>
      (await ctx.db.select().from(eventOccurrences).where(eq(eventOccurrences.eventId, id)))[0]!
        .cancelled;
    expect(await cancelled(forPlayers._id)).toBe(true);
    expect(await cancelled(forCoaches._id)).toBe(false);
    expect(await cancelled(forTeam._id)).toBe(false);
  });

  it('a cancelled occurrence takes no answer', async () => {
    const event = await create(admin);
    await ctx.db
      .update(eventOccurrences)
      .set({ cancelled: true })
      .where(eq(eventOccurrences.eventId, event._id));
    const member = clientAs(ctx, await buildMember(ctx.db));
    expectError(await answer(member, occurrenceOf(event), 'going'), 409, 'event_cancelled');
  });
});

describe('deleting an event', () => {
  it('takes its occurrences and answers with it', async () => {
    const event = await create(admin);
    const member = clientAs(ctx, await buildMember(ctx.db));
    await answer(member, occurrenceOf(event), 'going');
    expect((await admin.delete(`/api/events/${event._id}`)).statusCode).toBe(204);
    expectError(
      await member.get(`/api/event-occurrences/${occurrenceOf(event)}`),
      404,
      'event_not_found',
    );
    const answers = await ctx.db
      .select()
      .from(eventRsvps)
      .where(eq(eventRsvps.occurrenceId, occurrenceOf(event)));
    expect(answers).toEqual([]);
  });
});

describe('the session answer', () => {
  it("carries manage:team-events for a team's manager only", async () => {
    const { coach, player } = await teamWithManager();
    const abilities = async (client: Client) =>
      (await client.get('/api/user')).json<{ abilities: string[] }>().abilities;
    expect(await abilities(coach)).toContain('manage:team-events');
    expect(await abilities(player)).not.toContain('manage:team-events');
  });
});

describe("a team role's 'manages the team' tick", () => {
  it('is saved with the team, and kept when a body leaves it out', async () => {
    const member = await buildMember(ctx.db);
    const created = await admin.post('/api/teams', {
      name: `Équipe ${Date.now()}`,
      icon: 'trophy',
      type: 'transversal',
      roles: [
        { role: 'Coach', members: [member.id], manages: true },
        { role: 'Players', members: [] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json<{
      _id: string;
      name: string;
      roles: { _id: string; role: string; manages: boolean }[];
    }>();
    expect(team.roles.map((role) => role.manages)).toEqual([true, false]);
    const saved = await admin.put(`/api/teams/${team._id}`, {
      name: team.name,
      icon: 'trophy',
      type: 'transversal',
      roles: team.roles.map((role) => ({ _id: role._id, role: role.role, members: [] })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const roles = (await admin.get(`/api/teams/${team._id}`)).json<{
      roles: { manages: boolean }[];
    }>().roles;
    expect(roles.map((role) => role.manages)).toEqual([true, false]);
  });
});

describe('a recurring event', () => {
  /** A Tuesday 19:00 Paris training, weekly, from the next Tuesday. */
  function weekly(count: number, overrides: object = {}) {
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + ((9 - start.getUTCDay()) % 7 || 7));
    start.setUTCHours(17, 0, 0, 0);
    const end = new Date(start.getTime() + 2 * HOUR);
    return eventBody({
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
      time_zone: 'Europe/Paris',
      recurrence: { rule: `FREQ=WEEKLY;COUNT=${count}` },
      ...overrides,
    });
  }
  const parisTime = (iso: string) =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));

  it('puts every occurrence on the calendar at the same wall-clock time, each with its answers', async () => {
    const created = await admin.post('/api/events', weekly(40));
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json<Event>();
    expect(event.recurrence).toEqual({ rule: 'FREQ=WEEKLY;COUNT=40', exceptions: [] });
    expect(event.occurrences).toHaveLength(40);
    const times = new Set(event.occurrences.map((occurrence) => parisTime(occurrence.starts_at)));
    // 40 weeks always cross a daylight saving change: the local time stays.
    expect([...times]).toHaveLength(1);
    const member = clientAs(ctx, await buildMember(ctx.db));
    await answer(member, event.occurrences[1]!._id, 'going');
    expect((await page(member, event.occurrences[0]!._id)).my_rsvp).toBeNull();
    expect((await page(member, event.occurrences[1]!._id)).my_rsvp?.answer).toBe('going');
  });

  it.each([
    ['an unbounded rule', 'FREQ=WEEKLY', 'unbounded'],
    ['more than 500 occurrences', 'FREQ=DAILY;COUNT=501', 'too_many'],
    ['a rule finer than a day', 'FREQ=HOURLY;COUNT=3', 'invalid_rule'],
    ['garbage', 'FREQ=SOMETIMES', 'invalid_rule'],
  ])('refuses %s: 400, nothing written', async (_, rule, problem) => {
    const before = await rowCounts();
    const response = await admin.post('/api/events', weekly(1, { recurrence: { rule } }));
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.issues[0]).toMatchObject({
      path: 'body.recurrence.rule',
      code: 'invalid_recurrence',
      params: { recurrence: problem },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('skips its exceptions, and an edit keeps the answers of the occurrences it keeps', async () => {
    const event = (await admin.post('/api/events', weekly(4))).json<Event>();
    const [first, second, third] = event.occurrences;
    const member = clientAs(ctx, await buildMember(ctx.db));
    await answer(member, first!._id, 'going');
    await answer(member, third!._id, 'maybe');
    const edited = await admin.put(
      `/api/events/${event._id}`,
      weekly(4, {
        title: 'Entraînement du mardi',
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=4', exceptions: [second!.starts_at] },
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Event>();
    expect(after.occurrences.map((occurrence) => occurrence._id)).toEqual([
      first!._id,
      third!._id,
      event.occurrences[3]!._id,
    ]);
    const thirdPage = await page(member, third!._id);
    expect(thirdPage.title).toBe('Entraînement du mardi');
    expect(thirdPage.my_rsvp?.answer).toBe('maybe');
  });

  it('one occurrence is cancelled or moved on its own, and the series keeps it so', async () => {
    const event = (await admin.post('/api/events', weekly(3))).json<Event>();
    const [first, second] = event.occurrences;
    const cancelled = await admin.patch(`/api/event-occurrences/${first!._id}`, {
      cancelled: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().cancelled).toBe(true);
    const later = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();
    const moved = await admin.patch(`/api/event-occurrences/${second!._id}`, {
      starts_at: later(second!.starts_at),
      ends_at: later(second!.ends_at),
    });
    expect(moved.json().starts_at).toBe(later(second!.starts_at));
    // An edit of the series (a new title) keeps the cancelled and the moved occurrence as they are.
    const edited = (
      await admin.put(`/api/events/${event._id}`, weekly(3, { title: 'Renamed' }))
    ).json<Event>();
    expect(edited.occurrences[0]).toMatchObject({ _id: first!._id, cancelled: true });
    expect(edited.occurrences[1]).toMatchObject({
      _id: second!._id,
      starts_at: later(second!.starts_at),
      moved: true,
    });
    const player = clientAs(ctx, await buildMember(ctx.db));
    expectError(
      await player.patch(`/api/event-occurrences/${first!._id}`, { cancelled: false }),
      403,
      'forbidden',
    );
  });
});

describe('attendance', () => {
  it("is marked by a manager once started, pre-filled from the answers, for the team's members", async () => {
    const { team, coach, player, playerRow } = await teamWithManager();
    const event = await create(coach, {
      audience: { kind: 'teams', team_ids: [team.id] },
      starts_at: inHours(-1),
      ends_at: inHours(1),
      rsvp_deadline: inHours(-2),
    });
    const occurrenceId = occurrenceOf(event);
    // Answers closed: set the answer as if given before the deadline.
    await ctx.db.insert(eventRsvps).values({ occurrenceId, userId: playerRow.id, answer: 'going' });
    const read = await coach.get(`/api/event-occurrences/${occurrenceId}/attendance`);
    expect(read.statusCode, read.body).toBe(200);
    const entries = read.json<{
      entries: { member: { _id: string }; status: string | null; suggested: string | null }[];
    }>().entries;
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => entry.member._id === playerRow.id)).toMatchObject({
      status: null,
      suggested: 'present',
    });
    const marked = await coach.put(`/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [{ user_id: playerRow.id, status: 'late' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(
      marked
        .json()
        .entries.find((entry: { member: { _id: string } }) => entry.member._id === playerRow.id)
        .status,
    ).toBe('late');
    // A member outside the audience cannot be marked; nothing is written.
    const stranger = await buildMember(ctx.db);
    const refused = await coach.put(`/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [
        { user_id: playerRow.id, status: 'absent' },
        { user_id: stranger.id, status: 'present' },
      ],
    });
    expectError(refused, 400, 'validation_failed');
    expect(refused.json().error.issues[0].path).toBe('body.entries.1.user_id');
    const again = await coach.get(`/api/event-occurrences/${occurrenceId}/attendance`);
    expect(
      again
        .json()
        .entries.find((entry: { member: { _id: string } }) => entry.member._id === playerRow.id)
        .status,
    ).toBe('late');
    expectError(
      await player.get(`/api/event-occurrences/${occurrenceId}/attendance`),
      403,
      'forbidden',
    );
  });

  it('lists and marks a member who answered, then left the team', async () => {
    const { team, coach, playerRow } = await teamWithManager();
    const event = await create(coach, {
      audience: { kind: 'teams', team_ids: [team.id] },
      starts_at: inHours(-1),
      ends_at: inHours(1),
      rsvp_deadline: inHours(-2),
    });
    const occurrenceId = occurrenceOf(event);
    await ctx.db.insert(eventRsvps).values({ occurrenceId, userId: playerRow.id, answer: 'going' });
    await ctx.db.delete(teamRoleMembers).where(eq(teamRoleMembers.userId, playerRow.id));
    const read = await coach.get(`/api/event-occurrences/${occurrenceId}/attendance`);
    expect(
      read
        .json()
        .entries.find((entry: { member: { _id: string } }) => entry.member._id === playerRow.id),
    ).toMatchObject({ status: null, suggested: 'present' });
    // The list's suggestion is saved as the form sends it.
    const marked = await coach.put(`/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [{ user_id: playerRow.id, status: 'present' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
  });

  it('is not taken before the start', async () => {
    const event = await create(admin);
    expectError(
      await admin.get(`/api/event-occurrences/${occurrenceOf(event)}/attendance`),
      409,
      'attendance_not_open',
    );
  });
});
