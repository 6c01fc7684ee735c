import type { User, UsersPage } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, type UserRow } from '../../src/db/schema.js';
import {
  buildAdmin,
  buildMember,
  buildTeam,
  sessionCookieFor,
  signedInAs,
} from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const stored = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];
const issuePaths = (body: { error: { issues?: { path: string }[] } }) =>
  (body.error.issues ?? []).map((issue) => issue.path);

const editForm = (overrides: object = {}) => ({
  name: 'Martin',
  surname: 'Léa',
  pseudo: `edited-${Math.random().toString(36).slice(2, 8)}`,
  birthday: '1999-04-12',
  email: 'lea@example.com',
  role: 'user',
  ...overrides,
});

describe('GET /api/users', () => {
  let cookie: string;
  let prefix: string;
  beforeAll(async () => {
    // 23 members whose pseudo shares a prefix no other test uses.
    prefix = `pg${Math.random().toString(36).slice(2, 6)}`;
    const admin = await buildAdmin(ctx.db, { pseudo: `${prefix}-admin` });
    cookie = await sessionCookieFor(ctx.db, ctx.config, admin);
    for (let index = 0; index < 22; index++) {
      await buildMember(ctx.db, {
        pseudo: `${prefix}-${String(index).padStart(2, '0')}`,
        role: index % 4 === 0 ? 'guest' : 'user',
        createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
        // Names and birthdays: some shared, some past ASCII, some absent (null sorts last).
        name: index % 3 === 0 ? null : ['Émile', 'anna', 'Zoé', 'anna'][index % 4],
        birthday:
          index % 5 === 0 ? null : `19${90 + (index % 7)}-0${1 + (index % 9)}-1${index % 10}`,
      });
    }
  });

  const page = async (query: string) => {
    const response = await clientAs(ctx, { cookie }).get(`/api/users?q=${prefix}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UsersPage>();
  };

  /** Every page, followed to the end. */
  const wholeList = async (query: string) => {
    const pages: UsersPage[] = [];
    let cursor: string | null = null;
    do {
      pages.push(await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`));
      cursor = pages.at(-1)!.next_cursor;
    } while (cursor);
    return pages;
  };

  it('answers 50 members by default, with the total', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total: 23, next_cursor: null });
    expect(first.items).toHaveLength(23);
    expect(first.items[0]!.pseudo).toBe(`${prefix}-00`);
    const ten = await page('limit=10');
    expect(ten.items).toHaveLength(10);
    expect(ten.next_cursor).not.toBeNull();
  });

  it('walks every page of each sort, each member exactly once, in the order of the whole list', async () => {
    for (const sort of [
      'pseudo',
      '-pseudo',
      'created_at',
      '-created_at',
      'role',
      '-role',
      'name',
      '-name',
      'surname',
      'birthday',
      '-birthday',
    ]) {
      const all = await page(`limit=100&sort=${sort}`);
      expect(all.items, sort).toHaveLength(23);
      const pages = await wholeList(`limit=4&sort=${sort}`);
      expect(pages, sort).toHaveLength(6);
      expect(pages.every((one) => one.total === 23)).toBe(true);
      expect(
        pages.flatMap((one) => one.items.map((user) => user._id)),
        sort,
      ).toEqual(all.items.map((user) => user._id));
    }
  });

  it('sorts descending with a leading minus', async () => {
    const newest = await page('sort=-created_at&limit=20');
    expect(newest.items[0]!.pseudo).toBe(`${prefix}-admin`);
    expect(newest.items[1]!.pseudo).toBe(`${prefix}-21`);
  });

  it('neither repeats nor skips a member when one joins or leaves between two pages', async () => {
    const pages = [await page('limit=5')];
    const joined = await buildMember(ctx.db, { pseudo: `${prefix}-000` });
    try {
      while (pages.at(-1)!.next_cursor) {
        pages.push(await page(`limit=5&cursor=${pages.at(-1)!.next_cursor}`));
      }
    } finally {
      await ctx.db.delete(users).where(eq(users.id, joined.id));
    }
    const seen = pages.flatMap((one) => one.items.map((user) => user.pseudo));
    // The newcomer sorts before the cursor: not shown, and nobody twice or missing.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(23);
    expect(pages[1]!.total).toBe(24);
  });

  it('filters by role', async () => {
    const guests = await page('role=guest&limit=50');
    expect(guests.total).toBe(6);
    expect(guests.items.every((user) => user.role === 'guest')).toBe(true);
  });

  it('searches pseudos whatever their case, and takes % and _ literally', async () => {
    const found = await page('limit=50');
    const upper = await clientAs(ctx, { cookie }).get(`/api/users?q=${prefix.toUpperCase()}-0`);
    expect(upper.json().total).toBe(10);
    expect(found.total).toBe(23);
    expect((await clientAs(ctx, { cookie }).get(`/api/users?q=${prefix}%25`)).json().total).toBe(0);
    expect((await clientAs(ctx, { cookie }).get(`/api/users?q=${prefix}_`)).json().total).toBe(0);
  });

  it('answers an empty page for a search that finds nobody', async () => {
    const response = await clientAs(ctx, { cookie }).get('/api/users?q=nobody-has-this-pseudo');
    expect(response.json()).toEqual({ items: [], next_cursor: null, total: 0 });
  });

  it('refuses the old page and pageSize', async () => {
    for (const query of ['page=2', 'pageSize=10']) {
      expect((await clientAs(ctx, { cookie }).get(`/api/users?${query}`)).statusCode).toBe(400);
    }
  });

  it.each(['limit=0', 'limit=101', 'cursor=abc', 'role=owner', 'sort=password'])(
    'refuses %s with 400 naming it',
    async (query) => {
      const response = await clientAs(ctx, { cookie }).get(`/api/users?${query}`);
      expect(response.statusCode).toBe(400);
      expect(issuePaths(response.json())[0]).toBe(`querystring.${query.split('=')[0]}`);
    },
  );

  it('refuses a cursor of another sort', async () => {
    const { next_cursor } = await page('limit=2&sort=name');
    const response = await clientAs(ctx, { cookie }).get(
      `/api/users?q=${prefix}&sort=pseudo&cursor=${next_cursor}`,
    );
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response.json())).toContain('querystring.cursor');
  });
});

describe('private fields', () => {
  it.each(['birthday', '-birthday'])(
    'cannot be inferred by sorting: sort=%s is for admins only',
    async (sort) => {
      const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const refused = await clientAs(ctx, { cookie }).get(`/api/users?sort=${sort}`);
      expect(refused.statusCode).toBe(403);
      const admin = await signedInAs(ctx.db, ctx.config, 'admin');
      expect(
        (await clientAs(ctx, { cookie: admin.cookie }).get(`/api/users?sort=${sort}`)).statusCode,
      ).toBe(200);
    },
  );

  let target: Awaited<ReturnType<typeof buildMember>>;
  beforeAll(async () => {
    target = await buildMember(ctx.db, {
      email: 'secret@example.com',
      address: '1 rue Cachée',
      zipCode: '75001',
      town: 'Paris',
      birthday: '2000-02-02',
      country: 'France',
    });
  });
  const hidden = { email: null, address: null, zip_code: null, town: null, birthday: null };

  it.each(['user', 'guest', 'invited'] as const)(
    'are hidden from a %s looking at someone else',
    async (role) => {
      const { cookie } = await signedInAs(ctx.db, ctx.config, role);
      expect((await clientAs(ctx, { cookie }).get(`/api/users/${target.id}`)).json()).toMatchObject(
        {
          ...hidden,
          country: 'France',
        },
      );
      const listed = (await clientAs(ctx, { cookie }).get(`/api/users?q=${target.pseudo}`)).json()
        .items[0];
      expect(listed).toMatchObject(hidden);
    },
  );

  it('are shown to admins', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    expect((await clientAs(ctx, { cookie }).get(`/api/users/${target.id}`)).json()).toMatchObject({
      email: 'secret@example.com',
      zip_code: '75001',
      birthday: '2000-02-02',
    });
  });

  it('are shown to the member itself', async () => {
    const cookie = await sessionCookieFor(ctx.db, ctx.config, target);
    expect((await clientAs(ctx, { cookie }).get(`/api/users/${target.id}`)).json().email).toBe(
      'secret@example.com',
    );
  });
});

describe('GET /api/users/latest and /api/users/{id}', () => {
  it('answers the five newest members, newest first', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const newest = await buildMember(ctx.db, { createdAt: new Date(Date.now() + 60_000) });
    const latest = (await clientAs(ctx, { cookie }).get('/api/users/latest')).json<User[]>();
    expect(latest).toHaveLength(5);
    expect(latest[0]!._id).toBe(newest.id);
    const times = latest.map((user) => Date.parse(user.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 404 user_not_found for an unknown id and 400 for a malformed one', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const unknown = await clientAs(ctx, { cookie }).get('/api/users/0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('user_not_found');
    const malformed = await clientAs(ctx, { cookie }).get('/api/users/0123456789ABCDEF01234567');
    expect(malformed.statusCode).toBe(400);
    expect(issuePaths(malformed.json())).toEqual(['params.id']);
  });
});

describe('PUT /api/users/{id}: the admin edit form', () => {
  it('saves every field', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const member = await buildMember(ctx.db, { role: 'guest', adhesion: true });
    const form = editForm({ team: 'Rocket League', town: 'Lyon', valorant_login: ['Sable#QC1'] });
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...form, role: 'user', adhesion: true });
    expect(await stored(member.id)).toMatchObject({
      team: 'Rocket League',
      valorantLogin: ['Sable#QC1'],
    });
  });

  it('turns an invited member into a user with adhesion, as the invited rule says', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const member = await buildMember(ctx.db, { role: 'invited' });
    const response = await clientAs(ctx, { cookie }).put(
      `/api/users/${member.id}`,
      editForm({ role: 'invited', adhesion: false }),
    );
    expect(response.json()).toMatchObject({ role: 'user', adhesion: true });
  });

  it('names every missing required field and writes nothing', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const member = await buildMember(ctx.db, { role: 'guest' });
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
      role: 'user',
      town: 'Lyon',
    });
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response.json())).toEqual(
      expect.arrayContaining([
        'body.name',
        'body.surname',
        'body.pseudo',
        'body.birthday',
        'body.email',
      ]),
    );
    expect(await stored(member.id)).toMatchObject({ role: 'guest', town: null });
  });

  it('refuses a pseudo another member has with 409', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const other = await buildMember(ctx.db);
    const member = await buildMember(ctx.db);
    const response = await clientAs(ctx, { cookie }).put(
      `/api/users/${member.id}`,
      editForm({ pseudo: other.pseudo.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('pseudo_taken');
  });

  it('answers 404 for an unknown member', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const response = await clientAs(ctx, { cookie }).put(
      `/api/users/${'0123456789abcdef01234567'}`,
      editForm(),
    );
    expect(response.statusCode).toBe(404);
  });

  it.each(['user', 'guest', 'invited'] as const)(
    'is refused to a %s, even on itself',
    async (role) => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, role);
      const other = await buildMember(ctx.db, { role: 'guest' });
      expect(
        (await clientAs(ctx, { cookie }).put(`/api/users/${other.id}`, editForm())).statusCode,
      ).toBe(403);
      const self = await clientAs(ctx, { cookie }).put(
        `/api/users/${member.id}`,
        editForm({ pseudo: member.pseudo, role: 'admin' }),
      );
      expect(self.statusCode).toBe(403);
      expect(await stored(member.id)).toMatchObject({ role, name: null });
      expect(await stored(other.id)).toMatchObject({ role: 'guest', name: null });
    },
  );

  it.each([{ role: 'admin' }, { adhesion: true }, { team: 'Pros' }])(
    'refuses mass assignment of %o by a member on itself',
    async (field) => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'invited');
      const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
        valorant_login: [],
        ...field,
      });
      expect(response.statusCode).toBe(403);
      expect(await stored(member.id)).toMatchObject({
        role: 'invited',
        adhesion: false,
        team: null,
      });
    },
  );
});

describe('the last admin', () => {
  it('can be neither demoted nor deleted, while another admin can', async () => {
    const fresh = await createTestContext();
    try {
      const first = await buildAdmin(fresh.db);
      const cookie = await sessionCookieFor(fresh.db, fresh.config, first);
      const demote = await clientAs(fresh, { cookie }).put(
        `/api/users/${first.id}`,
        editForm({ role: 'user' }),
      );
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.code).toBe('last_admin');
      const remove = await clientAs(fresh, { cookie }).delete(`/api/users/${first.id}`);
      expect(remove.statusCode).toBe(409);
      expect((await fresh.db.select().from(users).where(eq(users.id, first.id)))[0]?.role).toBe(
        'admin',
      );

      const second = await buildAdmin(fresh.db);
      const demoteSecond = await clientAs(fresh, { cookie }).put(
        `/api/users/${second.id}`,
        editForm({ role: 'guest' }),
      );
      expect(demoteSecond.statusCode).toBe(200);
      const third = await buildAdmin(fresh.db);
      const removeThird = await clientAs(fresh, { cookie }).delete(`/api/users/${third.id}`);
      expect(removeThird.statusCode).toBe(204);
    } finally {
      await fresh.close();
    }
  });
});

describe('an admin deleting its own account', () => {
  it('is refused, even with another admin, and the account stays', async () => {
    const fresh = await createTestContext();
    try {
      const first = await buildAdmin(fresh.db);
      await buildAdmin(fresh.db);
      const cookie = await sessionCookieFor(fresh.db, fresh.config, first);
      const remove = await clientAs(fresh, { cookie }).delete(`/api/users/${first.id}`);
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error.code).toBe('cannot_delete_self');
      expect(await fresh.db.select().from(users).where(eq(users.id, first.id))).toHaveLength(1);
      // Still signed in: its session went nowhere.
      expect((await clientAs(fresh, { cookie }).get('/api/user')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("PUT /api/users/{id}: a member's own connections", () => {
  it('saves game logins, trimmed', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'invited');
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
      leagueoflegends_login: ['  Faker#KR1 '],
      valorant_login: ['TenZ#0505', 'Alt'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      leagueoflegends_login: ['Faker#KR1'],
      valorant_login: ['TenZ#0505', 'Alt'],
      fortnite_login: [],
      role: 'invited',
    });
  });

  it.each([
    [
      'a League login that is not a Riot ID',
      { leagueoflegends_login: ['Faker'] },
      'body.leagueoflegends_login.0',
    ],
    ['an empty login', { valorant_login: ['  '] }, 'body.valorant_login.0'],
    ['a login over 64 characters', { fortnite_login: ['x'.repeat(65)] }, 'body.fortnite_login.0'],
    ['the same login twice', { fortnite_login: ['Ninja', 'ninja'] }, 'body.fortnite_login'],
    [
      '21 logins for one game',
      { valorant_login: Array.from({ length: 21 }, (_, i) => `login${i}`) },
      'body.valorant_login',
    ],
    ['an unknown field', { password: 'x' }, 'body'],
    [
      'six Riot IDs',
      {
        leagueoflegends_login: [
          'One#EUW',
          'Two#EUW',
          'Three#EUW',
          'Four#EUW',
          'Five#EUW',
          'Six#EUW',
        ],
      },
      'body.leagueoflegends_login',
    ],
  ])('refuses %s with 400 and writes nothing', async (_case, body, path) => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
      fortnite_login: ['Valid'],
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response.json())).toContain(path);
    expect(await stored(member.id)).toMatchObject({
      valorantLogin: [],
      fortniteLogin: [],
      leagueoflegendsLogin: [],
    });
  });

  it('disconnects Twitter and Twitch', async () => {
    const member = await buildMember(ctx.db, {
      twitterLogin: `tw-${Math.random().toString(36).slice(2, 8)}`,
      twitchLogin: `tv-${Math.random().toString(36).slice(2, 8)}`,
    });
    const cookie = await sessionCookieFor(ctx.db, ctx.config, member);
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
      twitter_login: null,
      twitch_login: null,
    });
    expect(response.json()).toMatchObject({ twitter_login: null, twitch_login: null });
  });

  it('refuses setting a social login by hand', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
      twitch_login: 'someone-else',
    });
    expect(response.statusCode).toBe(400);
    expect((await stored(member.id))?.twitchLogin).toBeNull();
  });

  it("is refused on another member's record, and an admin may do it for anyone", async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const other = await buildMember(ctx.db);
    expect(
      (
        await clientAs(ctx, { cookie }).put(`/api/users/${other.id}`, {
          valorant_login: ['Hijack'],
        })
      ).statusCode,
    ).toBe(403);
    expect((await stored(other.id))?.valorantLogin).toEqual([]);
    const admin = await signedInAs(ctx.db, ctx.config, 'admin');
    expect(
      (
        await clientAs(ctx, { cookie: admin.cookie }).put(`/api/users/${other.id}`, {
          valorant_login: ['Helped'],
        })
      ).json().valorant_login,
    ).toEqual(['Helped']);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the member and its sessions', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const member = await buildMember(ctx.db);
    const memberCookie = await sessionCookieFor(ctx.db, ctx.config, member);
    const response = await clientAs(ctx, { cookie }).delete(`/api/users/${member.id}`);
    expect(response.statusCode).toBe(204);
    expect(await stored(member.id)).toBeUndefined();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(
      0,
    );
    expect((await clientAs(ctx, { cookie: memberCookie }).get('/api/user')).statusCode).toBe(401);
    expect((await clientAs(ctx, { cookie }).get(`/api/users/${member.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown member', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const response = await clientAs(ctx, { cookie }).delete('/api/users/0123456789abcdef01234567');
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/roles', () => {
  it('names every role with an icon', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'guest');
    const response = await clientAs(ctx, { cookie }).get('/api/roles');
    expect(Object.keys(response.json().roles).sort()).toEqual([
      'admin',
      'guest',
      'invited',
      'user',
    ]);
    expect(response.json().roles.admin).toEqual({ name: 'Administrator', icon: 'shield-check' });
  });
});

describe("the member list's teams", () => {
  it('names the teams each member holds a role in, once per team, and none for the others', async () => {
    const prefix = `tm${Math.random().toString(36).slice(2, 6)}`;
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const both = await buildMember(ctx.db, { pseudo: `${prefix}-both` });
    const one = await buildMember(ctx.db, { pseudo: `${prefix}-one` });
    const none = await buildMember(ctx.db, { pseudo: `${prefix}-none` });
    const fortnite = await buildTeam(ctx.db, {
      name: `${prefix} Fortnite`,
      roles: [
        { role: 'Players', members: [both, one] },
        { role: 'Coaches', members: [both] },
      ],
    });
    const staff = await buildTeam(ctx.db, {
      name: `${prefix} Staff`,
      type: 'transversal',
      roles: [{ role: 'Editors', members: [both] }],
    });

    const response = await clientAs(ctx, { cookie }).get(`/api/users?q=${prefix}`);
    expect(response.statusCode).toBe(200);
    const teamsOf = Object.fromEntries(
      response.json<UsersPage>().items.map((user) => [user.pseudo, user.teams]),
    );
    expect(teamsOf).toEqual({
      [both.pseudo]: [
        { _id: fortnite.id, name: `${prefix} Fortnite` },
        { _id: staff.id, name: `${prefix} Staff` },
      ],
      [one.pseudo]: [{ _id: fortnite.id, name: `${prefix} Fortnite` }],
      [none.pseudo]: [],
    });
  });
});

describe('a Riot ID is held by one member', () => {
  const riotId = () => `Solo${Math.random().toString(36).slice(2, 8)}#EUW`;
  const saveOwn = async (member: UserRow, cookie: string, logins: string[]) =>
    clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, { leagueoflegends_login: logins });

  it('refuses, with 409 riot_id_taken naming the login, a Riot ID another member lists, in any case', async () => {
    const taken = riotId();
    await buildMember(ctx.db, { leagueoflegendsLogin: [taken] });
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');

    const response = await saveOwn(member, cookie, [riotId(), taken.toUpperCase()]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'riot_id_taken',
      issues: [{ path: 'body.leagueoflegends_login.1' }],
    });
    expect((await stored(member.id))!.leagueoflegendsLogin).toEqual([]);
  });

  it('refuses it in the admin edit form too', async () => {
    const taken = riotId();
    await buildMember(ctx.db, { leagueoflegendsLogin: [taken] });
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const member = await buildMember(ctx.db, { role: 'user' });
    const response = await clientAs(ctx, { cookie }).put(
      `/api/users/${member.id}`,
      editForm({ leagueoflegends_login: [taken] }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('riot_id_taken');
  });

  it('lets a member keep a Riot ID it already listed, even one another member lists too', async () => {
    const shared = riotId();
    await buildMember(ctx.db, { leagueoflegendsLogin: [shared] });
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    await ctx.db
      .update(users)
      .set({ leagueoflegendsLogin: [shared] })
      .where(eq(users.id, member.id));

    const mine = riotId();
    const response = await saveOwn(member, cookie, [shared, mine]);
    expect(response.statusCode).toBe(200);
    expect(response.json().leagueoflegends_login).toEqual([shared, mine]);
    // And its own Riot IDs saved again, in another case, are still its own.
    expect((await saveOwn(member, cookie, [mine.toLowerCase()])).statusCode).toBe(200);
  });

  it('frees a Riot ID once its member removes it', async () => {
    const { member: first, cookie: firstCookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const { member: second, cookie: secondCookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const login = riotId();
    expect((await saveOwn(first, firstCookie, [login])).statusCode).toBe(200);
    expect((await saveOwn(second, secondCookie, [login])).statusCode).toBe(409);
    expect((await saveOwn(first, firstCookie, [])).statusCode).toBe(200);
    expect((await saveOwn(second, secondCookie, [login])).statusCode).toBe(200);
  });
});
