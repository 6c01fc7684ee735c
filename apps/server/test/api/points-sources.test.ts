import type {
  Event,
  LedgerLine,
  LedgerPage,
  ManagerBudget,
  PointRules,
  RecomputeReport,
} from '@guildhall/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, type UserRow } from '../../src/db/schema.js';
import { applyMembershipRulesToAll } from '../../src/services/points/membership-points.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { totalsAgreeWithLedger as agreeWithLedger } from '../helpers/points-ledger.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

/* Membership points, team managers' awards, the ledger's CSV and the recompute (decision 040). */

let ctx: TestContext;
let adminRow: UserRow;
let admin: Client;
let rules: PointRules;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  adminRow = await buildAdmin(ctx.db);
  admin = clientAs(ctx, adminRow);
  const season = await admin.post('/api/seasons', {
    name: 'Saison en cours',
    starts_on: day(-30),
    ends_on: day(60),
  });
  expect(season.statusCode, season.body).toBe(201);
  rules = (await admin.get('/api/points/rules')).json<PointRules>();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 24 * HOUR).toISOString().slice(0, 10);
}

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
};

async function ledgerOf(member: UserRow): Promise<LedgerLine[]> {
  const response = await admin.get(`/api/points/ledger?member=${member.id}&limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LedgerPage>().items;
}

const ledgerSize = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(pointsLedger))[0]!.n;

async function saveRules(changes: Partial<PointRules>): Promise<void> {
  rules = { ...rules, ...changes };
  const saved = await admin.put('/api/points/rules', rules);
  expect(saved.statusCode, saved.body).toBe(200);
}

const totalsAgreeWithLedger = () => agreeWithLedger(ctx.db);

describe('membership points', () => {
  it('grants seniority at an anniversary in a season, once however often the day runs', async () => {
    // Joined three years before a day of the current season (never a 29 February).
    const anniversary = day(-10).endsWith('02-29') ? day(-11) : day(-10);
    const joined = `${Number(anniversary.slice(0, 4)) - 3}${anniversary.slice(4)}T12:00:00Z`;
    const member = await buildMember(ctx.db, { createdAt: new Date(joined) });

    await applyMembershipRulesToAll(ctx.db);
    const written = await ledgerSize();
    await applyMembershipRulesToAll(ctx.db);
    expect(await ledgerSize()).toBe(written);
    // The first two anniversaries fall on days no season holds: nothing for them.
    expect(await ledgerOf(member)).toMatchObject([
      { points: rules.membership.seniority, source: 'membership', detail: '3' },
    ]);
    await totalsAgreeWithLedger();
  });

  it('grants adhesion when an admin ticks it, and takes it back when unticked', async () => {
    const member = await buildMember(ctx.db, { role: 'user', adhesion: false });
    const edit = (adhesion: boolean) =>
      admin.put(`/api/users/${member.id}`, {
        name: 'Martin',
        surname: 'Léa',
        pseudo: member.pseudo,
        birthday: '1999-04-12',
        email: 'lea@example.com',
        role: 'user',
        adhesion,
      });
    expect((await edit(true)).statusCode).toBe(200);
    expect(await ledgerOf(member)).toMatchObject([
      { points: rules.membership.adhesion, source: 'membership', reason: 'adhesion' },
    ]);
    // The daily run finds it right.
    await applyMembershipRulesToAll(ctx.db);
    expect(await ledgerOf(member)).toHaveLength(1);
    expect((await edit(false)).statusCode).toBe(200);
    expect((await ledgerOf(member)).map((line) => line.points)).toEqual([
      -rules.membership.adhesion,
      rules.membership.adhesion,
    ]);
    await totalsAgreeWithLedger();
  });
});

describe("team managers' awards", () => {
  async function teamWithManager() {
    const [manager, player, stranger] = [
      await buildMember(ctx.db),
      await buildMember(ctx.db),
      await buildMember(ctx.db),
    ];
    const team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Coach', members: [manager!], manages: true },
        { role: 'Players', members: [player!] },
      ],
    });
    await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [stranger!] }] });
    const give = (from: UserRow, to: UserRow, points: number) =>
      clientAs(ctx, from).post(`/api/teams/${team.id}/points/awards`, {
        user_id: to.id,
        points,
        reason: 'MVP du scrim',
      });
    return { team, manager: manager!, player: player!, stranger: stranger!, give };
  }

  it('lets a manager give points to its team within the season limit', async () => {
    await saveRules({ managers: { season_limit: 50 } });
    const { team, manager, player, stranger, give } = await teamWithManager();

    expectError(await give(player, manager, 10), 403, 'forbidden');
    expectError(await give(manager, stranger, 10), 404, 'team_member_not_found');
    const given = await give(manager, player, 30);
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json<LedgerLine>()).toMatchObject({
      member: { _id: player.id },
      points: 30,
      source: 'manual',
      reason: 'MVP du scrim',
      granted_by: { _id: manager.id },
    });
    const budget = await clientAs(ctx, manager).get(`/api/teams/${team.id}/points/budget`);
    expect(budget.json<ManagerBudget>()).toEqual({ limit: 50, given: 30, remaining: 20 });
    const refused = await give(manager, player, 21);
    expectError(refused, 409, 'manager_limit_reached');
    expect(refused.json().error.params).toEqual({ remaining: 20 });
    expectError(
      await clientAs(ctx, player).get(`/api/teams/${team.id}/points/budget`),
      403,
      'forbidden',
    );
    expect((await ledgerOf(player)).map((line) => line.points)).toEqual([30]);
    await totalsAgreeWithLedger();
  });

  it('lets two awards at once pass the limit only together within it', async () => {
    await saveRules({ managers: { season_limit: 50 } });
    const { manager, player, give } = await teamWithManager();
    const answers = await Promise.all([
      give(manager, player, 30),
      give(manager, player, 30),
      give(manager, player, 30),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await ledgerOf(player)).map((line) => line.points)).toEqual([30]);
    await totalsAgreeWithLedger();
  });

  it('gives managers nothing to give while the limit is 0', async () => {
    await saveRules({ managers: { season_limit: 0 } });
    const { manager, player, give } = await teamWithManager();
    const refused = await give(manager, player, 1);
    expectError(refused, 409, 'manager_limit_reached');
    expect(refused.json().error.params).toEqual({ remaining: 0 });
  });
});

describe('the ledger as CSV', () => {
  it('writes every matching line, a formula neutralised', async () => {
    const member = await buildMember(ctx.db, { pseudo: `csv-${Date.now()}` });
    const award = (points: number, reason: string) =>
      admin.post('/api/points/awards', { user_id: member.id, points, reason });
    expect((await award(12, '=HYPERLINK("http://evil.example")')).statusCode).toBe(201);
    expect((await award(-2, 'Correction, "oops"')).statusCode).toBe(201);

    const response = await admin.get(`/api/points/ledger.csv?member=${member.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('date,member,season,points,source,reason,detail,granted_by');
    expect(rows.slice(1, 3).map((row) => row.replace(/^[^,]*,/, ''))).toEqual([
      `${member.pseudo},Saison en cours,-2,manual,"Correction, ""oops""",,${adminRow.pseudo}`,
      `${member.pseudo},Saison en cours,12,manual,"'=HYPERLINK(""http://evil.example"")",,${adminRow.pseudo}`,
    ]);
    expect(rows.slice(3)).toEqual(['']);
    expectError(await admin.get('/api/points/ledger.csv?source=nope'), 400, 'validation_failed');
  });
});

describe('recompute', () => {
  it('corrects the lines after a rule change, and a second run writes none', async () => {
    const member = await buildMember(ctx.db);
    const created = await admin.post('/api/events', {
      title: 'Entraînement du jeudi',
      type: 'training',
      starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
      audience: { kind: 'organization' },
    });
    const occurrence = created.json<Event>().occurrences[0]!._id;
    const marked = await admin.put(`/api/event-occurrences/${occurrence}/attendance`, {
      entries: [{ user_id: member.id, status: 'present' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const present = rules.attendance.training.present;
    await saveRules({
      attendance: {
        ...rules.attendance,
        training: { ...rules.attendance.training, present: present + 7 },
      },
    });

    const first = await admin.post('/api/points/recompute');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<RecomputeReport>().written).toBeGreaterThanOrEqual(1);
    expect((await ledgerOf(member)).map((line) => [line.points, line.detail])).toEqual([
      [7, 'present'],
      [present, 'present'],
    ]);
    const second = await admin.post('/api/points/recompute');
    expect(second.json<RecomputeReport>()).toEqual({ written: 0 });
    await totalsAgreeWithLedger();
  });
});
