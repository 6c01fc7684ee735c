import type {
  LedgerPage,
  MembershipEvent,
  Page,
  PointRules,
  TeamDetail,
} from '@guildhall/contract';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { membershipEvents, users, type UserRow } from '../../src/db/schema.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

/* POST /api/users/membership: role, adhesion and team roles apart from the profile (issue 31). */

let ctx: TestContext;
let admin: Client;
let adminRow: UserRow;
let rules: PointRules;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  adminRow = await buildAdmin(ctx.db);
  admin = clientAs(ctx, adminRow);
  const today = new Date().toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  const season = await admin.post('/api/seasons', {
    name: 'Saison',
    starts_on: `${year}-01-01`,
    ends_on: `${year}-12-31`,
  });
  expect(season.statusCode, season.body).toBe(201);
  rules = (await admin.get('/api/points/rules')).json<PointRules>();
});
afterAll(() => ctx.close());

const change = (body: object) => admin.post('/api/users/membership', body);
const stored = async (member: UserRow) =>
  (await ctx.db.select().from(users).where(eq(users.id, member.id)))[0]!;
const historyOf = async (member: UserRow) => {
  const response = await admin.get(`/api/discord/history?userId=${member.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<Page<MembershipEvent>>()
    .items.map(({ kind, detail, source }) => ({ kind, detail, source }));
};
const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
};
const prefixed = () => `bulk${Math.random().toString(36).slice(2, 7)}`;

describe('one member', () => {
  it("changes a newcomer's role and adhesion without its profile, and records both", async () => {
    const newcomer = await buildMember(ctx.db, { role: 'invited', name: null, email: null });

    const response = await change({
      members: { ids: [newcomer.id] },
      role: 'user',
      adhesion: true,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ members: 1, changed: 1 });
    const saved = await stored(newcomer);
    expect(saved).toMatchObject({ role: 'user', adhesion: true, name: null, email: null });
    expect(await historyOf(newcomer)).toEqual(
      expect.arrayContaining([
        { kind: 'role_granted', detail: 'user', source: 'admin' },
        { kind: 'adhesion_granted', detail: null, source: 'admin' },
      ]),
    );
    // The adhesion of the season under way is worth its points at once (decision 040).
    const ledger = await admin.get(`/api/points/ledger?member=${newcomer.id}&limit=10`);
    expect(ledger.json<LedgerPage>().items).toMatchObject([
      { points: rules.membership.adhesion, reason: 'adhesion' },
    ]);
  });

  it('adds and removes team roles, which the team and the member then show', async () => {
    const [member, holder] = [await buildMember(ctx.db), await buildMember(ctx.db)];
    const team = await buildTeam(ctx.db, {
      name: `Roster ${prefixed()}`,
      roles: [
        { role: 'Joueurs', members: [holder] },
        { role: 'Coachs', members: [member] },
      ],
    });
    const [players, coaches] = team.roleIds as [string, string];

    const response = await change({
      members: { ids: [member.id] },
      add_team_roles: [players],
      remove_team_roles: [coaches],
    });

    expect(response.json()).toEqual({ members: 1, changed: 1 });
    const roster = (await admin.get(`/api/teams/${team.id}`)).json<TeamDetail>();
    const membersOf = (roleId: string) =>
      roster.roles.find((role) => role._id === roleId)?.members.map((one) => one._id);
    // Last in the role's list, after those who held it already.
    expect(membersOf(players)).toEqual([holder.id, member.id]);
    expect(membersOf(coaches)).toEqual([]);
    const teamName = roster.name;
    expect(await historyOf(member)).toEqual(
      expect.arrayContaining([
        { kind: 'team_role_granted', detail: `${teamName} · Joueurs`, source: 'admin' },
        { kind: 'team_role_removed', detail: `${teamName} · Coachs`, source: 'admin' },
      ]),
    );
  });

  it('gives no adhesion points to a member still invited, as the daily run gives none', async () => {
    const newcomer = await buildMember(ctx.db, { role: 'invited', adhesion: false });
    const response = await change({ members: { ids: [newcomer.id] }, adhesion: true });
    expect(response.json()).toEqual({ members: 1, changed: 1 });
    const ledger = await admin.get(`/api/points/ledger?member=${newcomer.id}&limit=10`);
    expect(ledger.json<LedgerPage>().items).toEqual([]);
  });

  it('counts only the members it changed, and writes no history for the others', async () => {
    const [already, other] = [
      await buildMember(ctx.db, { adhesion: true }),
      await buildMember(ctx.db, { adhesion: false }),
    ];
    const response = await change({ members: { ids: [already.id, other.id] }, adhesion: true });
    expect(response.json()).toEqual({ members: 2, changed: 1 });
    expect(await historyOf(already)).toEqual([]);
  });
});

describe('many members', () => {
  it("changes every member the list's filter finds, as many as the admin confirmed", async () => {
    const prefix = prefixed();
    const guests = await Promise.all(
      [1, 2, 3].map((index) =>
        buildMember(ctx.db, { pseudo: `${prefix}-${index}`, role: 'guest' }),
      ),
    );
    const bystander = await buildMember(ctx.db, { pseudo: `${prefix}-user`, role: 'user' });
    const team = await buildTeam(ctx.db, { roles: [{ role: 'Membres', members: [] }] });

    const response = await change({
      members: { filter: { role: 'guest', q: prefix }, expected: 3 },
      role: 'user',
      add_team_roles: [team.roleIds[0]],
    });

    expect(response.json()).toEqual({ members: 3, changed: 3 });
    const list = await admin.get(`/api/users?q=${prefix}&role=user`);
    expect(list.json<{ total: number }>().total).toBe(4);
    const roster = (await admin.get(`/api/teams/${team.id}`)).json<TeamDetail>();
    expect(new Set(roster.roles[0]?.members.map((one) => one._id))).toEqual(
      new Set(guests.map((guest) => guest.id)),
    );
    expect(await historyOf(bystander)).toEqual([]);
  });

  it('refuses, writing nothing, when the filter no longer finds the count confirmed', async () => {
    const prefix = prefixed();
    const guests = await Promise.all(
      [1, 2].map((index) => buildMember(ctx.db, { pseudo: `${prefix}-${index}`, role: 'guest' })),
    );
    const response = await change({
      members: { filter: { role: 'guest', q: prefix }, expected: 3 },
      role: 'user',
    });
    expectError(response, 409, 'selection_changed');
    for (const guest of guests) expect((await stored(guest)).role).toBe('guest');
  });
});

describe('all or nothing', () => {
  it('refuses an unknown member, and changes none of the others', async () => {
    const member = await buildMember(ctx.db, { adhesion: false });
    const response = await change({
      members: { ids: [member.id, 'f'.repeat(24)] },
      adhesion: true,
    });
    expectError(response, 404, 'user_not_found');
    expect((await stored(member)).adhesion).toBe(false);
  });

  it('refuses an unknown team role with its place in the body', async () => {
    const member = await buildMember(ctx.db, { role: 'guest' });
    const team = await buildTeam(ctx.db, { roles: [{ role: 'Joueurs', members: [] }] });
    const response = await change({
      members: { ids: [member.id] },
      role: 'user',
      add_team_roles: [team.roleIds[0], 'e'.repeat(24)],
    });
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.issues).toMatchObject([
      { path: 'add_team_roles.1', code: 'unknown_reference' },
    ]);
    expect((await stored(member)).role).toBe('guest');
  });

  it('never leaves the organisation without an admin', async () => {
    const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    const response = await change({
      members: { ids: admins.map((row) => row.id) },
      role: 'user',
      adhesion: true,
    });
    expectError(response, 409, 'last_admin');
    const after = await ctx.db
      .select({ role: users.role, adhesion: users.adhesion })
      .from(users)
      .where(
        inArray(
          users.id,
          admins.map((row) => row.id),
        ),
      );
    expect(after).toEqual(admins.map((row) => ({ role: 'admin', adhesion: row.adhesion })));
    const lines = await ctx.db
      .select()
      .from(membershipEvents)
      .where(
        inArray(
          membershipEvents.userId,
          admins.map((row) => row.id),
        ),
      );
    expect(lines).toEqual([]);
  });

  it.each([
    ['no change', (id: string) => ({ members: { ids: [id] } })],
    ['no member', () => ({ members: { ids: [] }, role: 'user' })],
    [
      'a role added and removed',
      (id: string) => ({
        members: { ids: [id] },
        add_team_roles: [id],
        remove_team_roles: [id],
      }),
    ],
    ['an unknown field', (id: string) => ({ members: { ids: [id] }, role: 'user', team: 'x' })],
  ])('answers 400 to a body with %s', async (_name, body) => {
    const member = await buildMember(ctx.db, { role: 'guest' });
    expectError(await change(body(member.id)), 400, 'validation_failed');
    expect((await stored(member)).role).toBe('guest');
  });
});

describe('the history a page at a time (decision 061)', () => {
  it('reaches past two hundred lines, newest first, and the last page has no next cursor', async () => {
    const member = await buildMember(ctx.db);
    await ctx.db.insert(membershipEvents).values(
      Array.from({ length: 205 }, (_, index) => ({
        id: newId(),
        userId: member.id,
        pseudo: member.pseudo,
        kind: 'adhesion_granted' as const,
        detail: `${index}`,
        source: 'admin' as const,
      })),
    );
    const pageOf = async (cursor?: string) => {
      const query = new URLSearchParams({ userId: member.id, limit: '200' });
      if (cursor) query.set('cursor', cursor);
      const response = await admin.get(`/api/discord/history?${query.toString()}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page<MembershipEvent>>();
    };
    const first = await pageOf();
    expect(first.items).toHaveLength(200);
    expect(first.items[0]!.detail).toBe('204');
    const last = await pageOf(first.next_cursor!);
    expect(last.items.map((event) => event.detail)).toEqual(['4', '3', '2', '1', '0']);
    expect(last.next_cursor).toBeNull();
  });

  it('answers a 400 naming the cursor for one it did not give', async () => {
    const response = await admin.get('/api/discord/history?cursor=WyJ4Il0');
    expectError(response, 400, 'validation_failed');
    expect(response.json().error.issues).toContainEqual(
      expect.objectContaining({ path: 'querystring.cursor', message: 'must be a page cursor' }),
    );
  });
});
