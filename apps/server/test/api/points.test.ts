import type {
  Event,
  LedgerLine,
  LedgerPage,
  Leaderboard,
  Milestone,
  PointRules,
  PointsSummary,
  Season,
} from '@guildhall/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../src/db/schema.js';
import { grantAttendancePoints } from '../../src/services/points/attendance-points.js';
import { appendLines } from '../../src/services/points/ledger.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { totalsAgreeWithLedger as agreeWithLedger } from '../helpers/points-ledger.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let adminRow: UserRow;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  adminRow = await buildAdmin(ctx.db);
  admin = clientAs(ctx, adminRow);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 24 * HOUR).toISOString().slice(0, 10);

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
};

async function summaryOf(member: UserRow): Promise<PointsSummary> {
  const response = await clientAs(ctx, member).get('/api/points/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PointsSummary>();
}

async function award(member: UserRow, points: number, reason = 'Helped at the LAN') {
  return admin.post('/api/points/awards', { user_id: member.id, points, reason });
}

async function ledgerOf(member: UserRow): Promise<LedgerLine[]> {
  const response = await admin.get(`/api/points/ledger?member=${member.id}&limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LedgerPage>().items;
}

const totalsAgreeWithLedger = () => agreeWithLedger(ctx.db);

describe('seasons', () => {
  it('has no season at first: the card says so, and awards are refused', async () => {
    const member = await buildMember(ctx.db);
    expect(await summaryOf(member)).toEqual({
      season: null,
      points: 0,
      place: null,
      ranked: 0,
      reached: null,
      next: null,
      teams: [],
    });
    expectError(await award(member, 10), 409, 'no_current_season');
  });

  it('refuses a season sharing a day with another, and an end before the start', async () => {
    const first = await admin.post('/api/seasons', {
      name: 'Past',
      starts_on: '2001-01-01',
      ends_on: '2001-06-30',
    });
    expect(first.statusCode, first.body).toBe(201);
    expectError(
      await admin.post('/api/seasons', {
        name: 'Overlapping',
        starts_on: '2001-06-30',
        ends_on: '2001-12-31',
      }),
      409,
      'season_overlap',
    );
    const backwards = await admin.post('/api/seasons', {
      name: 'Backwards',
      starts_on: '2002-06-30',
      ends_on: '2002-01-01',
    });
    expectError(backwards, 400, 'validation_failed');
    expect(backwards.json().error.issues[0].path).toBe('body.ends_on');
    expectError(
      await admin.post('/api/seasons', {
        name: 'Nope',
        starts_on: '2002-02-30',
        ends_on: '2002-03-01',
      }),
      400,
      'validation_failed',
    );
    // Moving a season onto its own days is no overlap; onto another's is.
    const past = first.json<Season>();
    const renamed = await admin.put(`/api/seasons/${past._id}`, {
      name: 'Season 2001',
      starts_on: '2001-01-01',
      ends_on: '2001-07-31',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Season>()).toMatchObject({ name: 'Season 2001', current: false });
    expectError(
      await admin.put('/api/seasons/0123456789abcdef01234567', {
        name: 'Ghost',
        starts_on: '2003-01-01',
        ends_on: '2003-01-02',
      }),
      404,
      'season_not_found',
    );
  });

  it('makes the season covering today the current one, latest first in the list', async () => {
    const created = await admin.post('/api/seasons', {
      name: 'Saison en cours',
      starts_on: day(-30),
      ends_on: day(60),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Season>().current).toBe(true);
    const member = await buildMember(ctx.db);
    const listed = await clientAs(ctx, member).get('/api/seasons');
    const seasons = listed.json<{ seasons: Season[] }>().seasons;
    expect(seasons[0]).toMatchObject({ name: 'Saison en cours', current: true });
    expect(seasons.filter((season) => season.current)).toHaveLength(1);
    expect((await summaryOf(member)).season?.name).toBe('Saison en cours');
  });
});

describe('awards by hand', () => {
  it('adds a line with who gave it and why, and the card shows the total and place', async () => {
    const [first, second, third] = [
      await buildMember(ctx.db),
      await buildMember(ctx.db),
      await buildMember(ctx.db),
    ];
    const given = await award(first!, 40, 'MVP of the LAN');
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json<LedgerLine>()).toMatchObject({
      member: { _id: first!.id },
      points: 40,
      source: 'manual',
      reason: 'MVP of the LAN',
      granted_by: { _id: adminRow.id },
    });
    await award(second!, 40);
    await award(third!, 15);
    const [a, b, c] = [await summaryOf(first!), await summaryOf(second!), await summaryOf(third!)];
    expect([a.points, a.place]).toEqual([40, 1]);
    // Equal totals share a place.
    expect([b.points, b.place]).toEqual([40, 1]);
    expect([c.points, c.place]).toEqual([15, 3]);
    expect(c.ranked).toBe(a.ranked);
    expect(a.ranked).toBeGreaterThanOrEqual(3);
    await totalsAgreeWithLedger();
  });

  it('corrects by a new line, never an edit; a total may go below zero', async () => {
    const member = await buildMember(ctx.db);
    await award(member, 10, 'Wrong member');
    const correction = await award(member, -25, 'Correction: it was another member');
    expect(correction.statusCode, correction.body).toBe(201);
    expect((await ledgerOf(member)).map((line) => line.points)).toEqual([-25, 10]);
    expect((await summaryOf(member)).points).toBe(-15);
    await totalsAgreeWithLedger();
  });

  it('refuses zero, an unknown member and a blank reason, and writes nothing', async () => {
    const member = await buildMember(ctx.db);
    expectError(await award(member, 0), 400, 'validation_failed');
    expectError(await award(member, 5, '   '), 400, 'validation_failed');
    const ghost = await admin.post('/api/points/awards', {
      user_id: '0123456789abcdef01234567',
      points: 5,
      reason: 'Ghost',
    });
    expectError(ghost, 400, 'validation_failed');
    expect(ghost.json().error.issues[0]).toMatchObject({
      path: 'body.user_id',
      code: 'unknown_reference',
    });
    expect(await ledgerOf(member)).toEqual([]);
  });
});

describe('attendance points', () => {
  async function startedTraining(): Promise<string> {
    const created = await admin.post('/api/events', {
      title: 'Entraînement du mardi',
      type: 'training',
      starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
      audience: { kind: 'organization' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Event>().occurrences[0]!._id;
  }
  const mark = (occurrenceId: string, member: UserRow, status: string) =>
    admin.put(`/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [{ user_id: member.id, status }],
    });

  it('grants the rule of the mark once, and corrects it when the mark changes', async () => {
    const rules = (await admin.get('/api/points/rules')).json<PointRules>();
    expect(rules.attendance.training).toEqual({ present: 10, late: 5, excused: 0, absent: 0 });
    const member = await buildMember(ctx.db);
    const occurrence = await startedTraining();

    expect((await mark(occurrence, member, 'present')).statusCode).toBe(200);
    // The same mark again grants nothing more.
    await mark(occurrence, member, 'present');
    expect(await ledgerOf(member)).toMatchObject([
      { points: 10, source: 'attendance', reason: 'Entraînement du mardi', detail: 'present' },
    ]);
    // Late after all: a correction of −5, the first line kept.
    await mark(occurrence, member, 'late');
    expect((await ledgerOf(member)).map((line) => [line.points, line.detail])).toEqual([
      [-5, 'late'],
      [10, 'present'],
    ]);
    expect((await summaryOf(member)).points).toBe(5);
    await totalsAgreeWithLedger();
  });

  it('applies new rules to the marks made from then on', async () => {
    const rules = (await admin.get('/api/points/rules')).json<PointRules>();
    const saved = await admin.put('/api/points/rules', {
      ...rules,
      attendance: {
        ...rules.attendance,
        training: { present: 25, late: 10, excused: 2, absent: -5 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PointRules>().attendance.training.absent).toBe(-5);
    const member = await buildMember(ctx.db);
    const occurrence = await startedTraining();
    await mark(occurrence, member, 'absent');
    expect((await summaryOf(member)).points).toBe(-5);
    await mark(occurrence, member, 'present');
    expect((await summaryOf(member)).points).toBe(25);
    expectError(
      await admin.put('/api/points/rules', { attendance: { training: rules.attendance.training } }),
      400,
      'validation_failed',
    );
    await totalsAgreeWithLedger();
  });

  it('takes the points back when the occurrence is cancelled, and gives them on restoring', async () => {
    const member = await buildMember(ctx.db);
    const occurrence = await startedTraining();
    await mark(occurrence, member, 'present');
    const before = (await summaryOf(member)).points;
    expect(before).toBeGreaterThan(0);
    const cancel = (cancelled: boolean) =>
      admin.patch(`/api/event-occurrences/${occurrence}`, { cancelled });
    expect((await cancel(true)).statusCode).toBe(200);
    expect((await summaryOf(member)).points).toBe(0);
    // Cancelling twice corrects nothing more.
    await cancel(true);
    expect((await cancel(false)).statusCode).toBe(200);
    expect((await summaryOf(member)).points).toBe(before);
    expect((await ledgerOf(member)).map((line) => line.points)).toEqual([before, -before, before]);
    await totalsAgreeWithLedger();
  });

  it('grants nothing twice when two instances apply the rules at once', async () => {
    const member = await buildMember(ctx.db);
    const occurrence = await startedTraining();
    const apply = () =>
      ctx.db.transaction((tx) =>
        grantAttendancePoints(tx, {
          occurrence: {
            id: occurrence,
            startsAt: new Date(Date.now() - 2 * HOUR),
            cancelled: false,
          },
          event: { type: 'training', title: 'Entraînement du mardi' },
          marks: new Map([[member.id, 'present']]),
          at: new Date(),
        }),
      );
    const outcomes = await Promise.allSettled([apply(), apply(), apply()]);
    // A run that lost the race may fail on the unique key or insert nothing; none adds twice.
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    await apply();
    expect((await ledgerOf(member)).map((line) => line.points)).toEqual([25]);
    expect((await summaryOf(member)).points).toBe(25);
    await totalsAgreeWithLedger();
  });
});

describe('milestones', () => {
  it('shows the milestone reached and the next one on the card', async () => {
    const make = (name: string, threshold: number) =>
      admin.post('/api/milestones', { name, threshold, icon: 'medal', colour: '#CD7F32' });
    const bronze = await make('Bronze', 100);
    expect(bronze.statusCode, bronze.body).toBe(201);
    expect(bronze.json<Milestone>().colour).toBe('#cd7f32');
    await make('Argent', 250);
    expectError(await make('Doublon', 250), 409, 'milestone_threshold_taken');

    const member = await buildMember(ctx.db);
    await award(member, 120);
    const summary = await summaryOf(member);
    expect(summary.reached?.name).toBe('Bronze');
    expect(summary.next?.name).toBe('Argent');

    const listed = await clientAs(ctx, member).get('/api/milestones');
    expect(listed.json<{ milestones: Milestone[] }>().milestones.map((m) => m.threshold)).toEqual([
      100, 250,
    ]);
    const renamed = await admin.put(`/api/milestones/${bronze.json<Milestone>()._id}`, {
      name: 'Bronze I',
      threshold: 110,
      icon: 'shield',
      colour: '#cd7f32',
    });
    expect(renamed.json<Milestone>()).toMatchObject({ name: 'Bronze I', threshold: 110 });
    expect((await admin.delete(`/api/milestones/${bronze.json<Milestone>()._id}`)).statusCode).toBe(
      204,
    );
    expect((await summaryOf(member)).reached).toBeNull();
    expectError(
      await admin.delete(`/api/milestones/${bronze.json<Milestone>()._id}`),
      404,
      'milestone_not_found',
    );
  });
});

describe('the ledger', () => {
  it('pages newest first by a cursor, filtered by source', async () => {
    const member = await buildMember(ctx.db);
    for (const points of [1, 2, 3, 4, 5]) await award(member, points, `Line ${points}`);
    const first = await admin.get(`/api/points/ledger?member=${member.id}&limit=2`);
    const page = first.json<LedgerPage>();
    expect(page.items.map((line) => line.points)).toEqual([5, 4]);
    const after = (cursor: string | null) =>
      admin.get(
        `/api/points/ledger?member=${member.id}&limit=2&cursor=${encodeURIComponent(cursor!)}`,
      );
    const second = (await after(page.next_cursor)).json<LedgerPage>();
    expect(second.items.map((line) => line.points)).toEqual([3, 2]);
    const last = (await after(second.next_cursor)).json<LedgerPage>();
    expect(last).toMatchObject({ items: [{ points: 1 }], next_cursor: null });
    const manual = await admin.get(`/api/points/ledger?member=${member.id}&source=attendance`);
    expect(manual.json<LedgerPage>()).toEqual({ items: [], next_cursor: null });
    const bad = await admin.get('/api/points/ledger?cursor=yesterday');
    expectError(bad, 400, 'validation_failed');
    expect(bad.json().error.issues).toContainEqual(
      expect.objectContaining({ path: 'querystring.cursor', message: 'must be a page cursor' }),
    );
  });

  it('keeps a season with points (409), and deletes one without', async () => {
    const current = (await admin.get('/api/seasons'))
      .json<{ seasons: Season[] }>()
      .seasons.find((season) => season.current)!;
    expectError(await admin.delete(`/api/seasons/${current._id}`), 409, 'season_has_points');
    const empty = (
      await admin.post('/api/seasons', {
        name: 'Empty',
        starts_on: '2150-01-01',
        ends_on: '2150-02-01',
      })
    ).json<Season>();
    expect((await admin.delete(`/api/seasons/${empty._id}`)).statusCode).toBe(204);
    expectError(await admin.delete(`/api/seasons/${empty._id}`), 404, 'season_not_found');
  });
});

/** A past season of `year` whose `count` new members have the points `pointsOf` gives. */
async function pastSeasonOf(
  name: string,
  year: number,
  count: number,
  pointsOf: (index: number) => number,
): Promise<{ season: Season; members: UserRow[] }> {
  const season = (
    await admin.post('/api/seasons', { name, starts_on: `${year}-01-01`, ends_on: `${year}-12-31` })
  ).json<Season>();
  const members: UserRow[] = [];
  for (let index = 0; index < count; index++) members.push(await buildMember(ctx.db));
  await ctx.db.transaction((tx) =>
    appendLines(
      tx,
      members.map((member, index) => ({
        userId: member.id,
        seasonId: season._id,
        points: pointsOf(index),
        source: 'manual' as const,
        reason: name,
      })),
      new Date(),
    ),
  );
  return { season, members };
}

describe('the leaderboard', () => {
  it("ranks a season 50 a page, equal totals sharing a place, with the caller's own line", async () => {
    // 53 members with points in a past season: 100, 100, 99, 98...
    const { season, members } = await pastSeasonOf('Archive', 1990, 53, (index) =>
      index === 0 ? 100 : 101 - index,
    );
    const last = members[52]!;
    const first = await clientAs(ctx, last).get(`/api/points/leaderboard?season=${season._id}`);
    expect(first.statusCode, first.body).toBe(200);
    const board = first.json<Leaderboard>();
    expect(board).toMatchObject({ total: 53 });
    expect(board.season?.name).toBe('Archive');
    expect(board.items).toHaveLength(50);
    expect(board.items.slice(0, 3).map((entry) => [entry.place, entry.points])).toEqual([
      [1, 100],
      [1, 100],
      [3, 99],
    ]);
    // The caller is last, on page 2, and sees its line on page 1 too.
    expect(board.me).toMatchObject({ place: 53, points: 49, member: { _id: last.id } });
    const second = (
      await clientAs(ctx, last).get(
        `/api/points/leaderboard?season=${season._id}&cursor=${board.next_cursor}`,
      )
    ).json<Leaderboard>();
    expect(second.items.map((entry) => entry.place)).toEqual([51, 52, 53]);
    expect(second.next_cursor).toBeNull();
    await totalsAgreeWithLedger();
  });

  it('pages through equal totals, each member once, the places those of the ranking card', async () => {
    const { season, members } = await pastSeasonOf('Tie', 1992, 62, (index) =>
      index < 2 ? 20 : index < 40 ? 7 : 3,
    );
    /** Every page, `limit` lines at a time, followed to the end. */
    const wholeBoard = async (limit: number) => {
      const pages: Leaderboard[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ season: season._id, limit: String(limit) });
        if (cursor) query.set('cursor', cursor);
        const response = await admin.get(`/api/points/leaderboard?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        pages.push(response.json<Leaderboard>());
        cursor = pages.at(-1)!.next_cursor;
      } while (cursor);
      return pages;
    };
    const pages = await wholeBoard(7);
    expect(pages).toHaveLength(9);
    expect(pages.every((page) => page.total === 62)).toBe(true);
    const lines = pages.flatMap((page) => page.items);
    // Every member once, whatever page break falls inside a total.
    expect(lines.map((entry) => entry.member._id).toSorted()).toEqual(
      members.map((member) => member.id).toSorted(),
    );
    // One place per total, on both sides of each page break.
    const placesByTotal = new Map<number, Set<number>>();
    for (const entry of lines) {
      placesByTotal.set(
        entry.points,
        (placesByTotal.get(entry.points) ?? new Set()).add(entry.place),
      );
    }
    expect([...placesByTotal].map(([points, places]) => [points, [...places]])).toEqual([
      [20, [1]],
      [7, [3]],
      [3, [41]],
    ]);
    // A page of 50 by default, the second one ending the ranking.
    const [first, second] = await wholeBoard(50);
    expect([first!.items.length, second!.items.length]).toEqual([50, 12]);

    expect((await admin.delete(`/api/users/${members[0]!.id}`)).statusCode).toBe(204);
    const [after] = await wholeBoard(50);
    expect(after!.total).toBe(61);
    expect(after!.items.slice(0, 3).map((entry) => entry.place)).toEqual([1, 2, 2]);
    await totalsAgreeWithLedger();
  });

  it('refuses the old page number and a cursor it did not give', async () => {
    expect((await admin.get('/api/points/leaderboard?page=2')).statusCode).toBe(400);
    expect((await admin.get('/api/points/leaderboard?limit=101')).statusCode).toBe(400);
    const foreign = await admin.get('/api/points/leaderboard?cursor=WyJ4Il0');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'querystring.cursor' })],
    });
  });

  it("ranks a team's members among themselves, and says when a season does not exist", async () => {
    const season = (
      await admin.post('/api/seasons', {
        name: 'Team season',
        starts_on: '1991-01-01',
        ends_on: '1991-12-31',
      })
    ).json<Season>();
    const [star, teammate, outsider] = [
      await buildMember(ctx.db),
      await buildMember(ctx.db),
      await buildMember(ctx.db),
    ];
    const team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Players', members: [star!, teammate!] },
        { role: 'Captains', members: [star!] },
      ],
    });
    await ctx.db.transaction((tx) =>
      appendLines(
        tx,
        [
          [outsider!, 500],
          [star!, 300],
          [teammate!, 200],
        ].map(([member, points]) => ({
          userId: (member as UserRow).id,
          seasonId: season._id,
          points: points as number,
          source: 'manual' as const,
          reason: 'Archive',
        })),
        new Date(),
      ),
    );
    const board = (
      await clientAs(ctx, teammate!).get(
        `/api/points/leaderboard?season=${season._id}&team=${team.id}`,
      )
    ).json<Leaderboard>();
    expect(board.items.map((entry) => [entry.place, entry.member._id])).toEqual([
      [1, star!.id],
      [2, teammate!.id],
    ]);
    expect(board.total).toBe(2);
    expect(board.me?.place).toBe(2);
    expectError(
      await admin.get('/api/points/leaderboard?season=0123456789abcdef01234567'),
      404,
      'season_not_found',
    );
  });

  it("gives each line, the caller's own included, its avatar and the highest milestone reached", async () => {
    const make = async (name: string, threshold: number, icon: string) => {
      const response = await admin.post('/api/milestones', {
        name,
        threshold,
        icon,
        colour: '#1E90FF',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Milestone>();
    };
    const gold = await make('Or', 5000, 'trophy');
    const diamond = await make('Diamant', 8500, 'gem');
    const avatar = 'https://cdn.discordapp.com/avatars/80351110224678912/a1b2c3.png';
    const { season, members } = await pastSeasonOf('Ladder', 1993, 3, (index) =>
      [9000, 6000, -5].at(index)!,
    );
    const [leader, caller, corrected] = members;
    await ctx.db.update(users).set({ discordAvatarUrl: avatar }).where(eq(users.id, caller!.id));

    const response = await clientAs(ctx, caller!).get(
      `/api/points/leaderboard?season=${season._id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json<Leaderboard>();
    expect(
      board.items.map((entry) => [entry.member.pseudo, entry.milestone?.name ?? null]),
    ).toEqual([
      [leader!.pseudo, 'Diamant'],
      [caller!.pseudo, 'Or'],
      [corrected!.pseudo, null],
    ]);
    expect(board.items[0]?.milestone).toEqual(diamond);
    // Named by pseudo only, with the picture Guildhall keeps, or none.
    expect(board.items[0]?.member).toEqual({
      _id: leader!.id,
      pseudo: leader!.pseudo,
      discord_avatar_url: null,
    });
    expect(board.me).toEqual({
      place: 2,
      member: { _id: caller!.id, pseudo: caller!.pseudo, discord_avatar_url: avatar },
      points: 6000,
      milestone: gold,
    });
    const theirs = (
      await clientAs(ctx, corrected!).get(`/api/points/leaderboard?season=${season._id}`)
    ).json<Leaderboard>();
    expect(theirs.me).toMatchObject({ place: 3, points: -5, milestone: null });

    for (const milestone of [gold, diamond]) {
      expect((await admin.delete(`/api/milestones/${milestone._id}`)).statusCode).toBe(204);
    }
  });

  it("gives the card the leaderboard's place, and none to a member without a line", async () => {
    const [leader, tiedA, tiedB, zeroed, below, idle, newcomer] = await Promise.all(
      Array.from({ length: 7 }, () => buildMember(ctx.db)),
    );
    const team = await buildTeam(ctx.db, {
      name: 'Guildhall Valorant',
      roles: [
        { role: 'Players', members: [leader!, tiedA!, tiedB!, zeroed!, below!, idle!] },
        { role: 'Subs', members: [tiedB!, newcomer!] },
      ],
    });
    // The current season: a leader, a tie, a total brought back to zero by a correction (it has
    // lines), a negative total, and two members with no line at all.
    await award(leader!, 60);
    await award(tiedA!, 25);
    await award(tiedB!, 25);
    await award(zeroed!, 10);
    await award(zeroed!, -10, 'Correction');
    await award(below!, -5, 'Correction');

    const boardOf = async (member: UserRow, query = '') => {
      const response = await clientAs(ctx, member).get(`/api/points/leaderboard${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Leaderboard>();
    };
    for (const member of [leader, tiedA, tiedB, zeroed, below, idle, newcomer]) {
      const card = await summaryOf(member!);
      const board = await boardOf(member!);
      expect(card.place, member!.pseudo).toBe(board.me?.place ?? null);
      expect(card.ranked).toBe(board.total);
      expect(card.place ?? 0).toBeLessThanOrEqual(card.ranked);
      const [inTeam] = card.teams;
      const teamBoard = await boardOf(member!, `?team=${team.id}`);
      expect(inTeam).toMatchObject({ _id: team.id, place: teamBoard.me?.place ?? null });
      expect(inTeam?.ranked).toBe(teamBoard.total);
      expect(inTeam?.place ?? 0).toBeLessThanOrEqual(inTeam?.ranked ?? 0);
    }

    const places = async (members: (UserRow | undefined)[]) =>
      Promise.all(members.map(async (member) => (await summaryOf(member!)).place));
    const teamPlaces = async (members: (UserRow | undefined)[]) =>
      Promise.all(members.map(async (member) => (await summaryOf(member!)).teams[0]?.place));
    // Without a line, no place: not one past the members ranked, whatever their totals.
    expect(await places([idle, newcomer])).toEqual([null, null]);
    expect(await teamPlaces([leader, tiedA, tiedB, zeroed, below, idle, newcomer])).toEqual([
      1,
      2,
      2,
      4,
      5,
      null,
      null,
    ]);
    expect((await summaryOf(idle!)).teams[0]?.ranked).toBe(5);
    const [tiedPlaceA, tiedPlaceB] = await places([tiedA, tiedB]);
    expect(tiedPlaceA).toBe(tiedPlaceB);
    // A total of zero with lines is ranked, above the negative total.
    const [zeroPlace, belowPlace] = await places([zeroed, below]);
    expect(zeroPlace).toBeLessThan(belowPlace!);
    await totalsAgreeWithLedger();
  });

  it("puts the member's place in each of its teams on the card", async () => {
    const [me, tied, ahead, idle] = [
      await buildMember(ctx.db),
      await buildMember(ctx.db),
      await buildMember(ctx.db),
      await buildMember(ctx.db),
    ];
    const roster = await buildTeam(ctx.db, {
      name: 'Guildhall LoL',
      roles: [
        { role: 'Players', members: [me!, tied!, ahead!, idle!] },
        { role: 'Captains', members: [ahead!, me!] },
      ],
    });
    const staff = await buildTeam(ctx.db, {
      name: 'Guildhall Staff',
      roles: [{ role: 'Casters', members: [me!, idle!] }],
    });
    // The current season: `ahead` first, `me` and `tied` share the second place, `idle` has none.
    await award(ahead!, 90);
    await award(me!, 30);
    await award(tied!, 30);
    expect((await summaryOf(me!)).teams).toEqual([
      { _id: roster.id, name: 'Guildhall LoL', place: 2, ranked: 3 },
      { _id: staff.id, name: 'Guildhall Staff', place: 1, ranked: 1 },
    ]);
    expect((await summaryOf(idle!)).teams).toEqual([
      { _id: roster.id, name: 'Guildhall LoL', place: null, ranked: 3 },
      { _id: staff.id, name: 'Guildhall Staff', place: null, ranked: 1 },
    ]);
  });
});
