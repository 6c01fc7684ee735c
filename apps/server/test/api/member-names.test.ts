import { ROLES, type Role, type User } from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/schema.js';
import { createSeason } from '../../src/services/points/create-season.js';
import { buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

/*
 * Real names (decision 049): pseudos everywhere by default; a member's name and surname only for
 * admins, the member itself, and everyone when the member chose to show them. Each call that
 * answers members is driven with each kind of caller, for a member who shows its name and for
 * one who does not.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSeason({
    db: ctx.db,
    fields: { name: 'Now', starts_on: '2000-01-01', ends_on: '2199-12-31' },
  });
});
afterAll(() => ctx.close());

type Caller = Role | 'self';
const CALLERS: readonly Caller[] = [...ROLES, 'self'];

/** Each member made here is the newest, so that the newest members card lists it. */
let joined = Date.UTC(2150, 0, 1);

/** A member with a real name no other member has, showing it or not. */
async function buildTarget(shown: boolean): Promise<UserRow & { name: string; surname: string }> {
  joined += 1000;
  const unique = randomBytes(4).toString('hex');
  const member = await buildMember(ctx.db, {
    name: `Lastname${unique}`,
    surname: `Firstname${unique}`,
    showRealName: shown,
    createdAt: new Date(joined),
  });
  return { ...member, name: member.name!, surname: member.surname! };
}

/** The target as one call answers it to the client. */
interface MemberCall {
  name: string;
  read(client: Client, target: UserRow): Promise<User | undefined>;
}

async function okJson<T>(response: Awaited<ReturnType<Client['get']>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const CALLS: readonly MemberCall[] = [
  {
    name: 'GET /api/users',
    read: async (client, target) =>
      (
        await okJson<{ items: User[] }>(
          await client.get(`/api/users?q=${encodeURIComponent(target.pseudo)}`),
        )
      ).items.find((user) => user._id === target.id),
  },
  {
    name: 'GET /api/users/latest',
    read: async (client, target) =>
      (await okJson<User[]>(await client.get('/api/users/latest'))).find(
        (user) => user._id === target.id,
      ),
  },
  {
    name: 'GET /api/users/{id}',
    read: async (client, target) => okJson<User>(await client.get(`/api/users/${target.id}`)),
  },
  {
    name: 'GET /api/teams/{id} (a roster)',
    read: async (client, target) => {
      const { id } = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [target] }] });
      const team = await okJson<{ roles: { members: User[] }[] }>(
        await client.get(`/api/teams/${id}`),
      );
      return team.roles[0]!.members.find((user) => user._id === target.id);
    },
  },
];

/** What the rule says: admins and the member itself always, everyone when it is shown. */
const namesVisible = (caller: Caller, shown: boolean) =>
  shown || caller === 'admin' || caller === 'self';

const cases = CALLS.flatMap((call) =>
  CALLERS.flatMap((caller) =>
    [true, false].map((shown) => ({
      call,
      caller,
      setting: shown ? 'shown' : 'hidden',
      shown,
      visible: namesVisible(caller, shown),
    })),
  ),
);

describe('real names in every answer that names a member', () => {
  it.each(cases)(
    '$call.name as $caller, name $setting → visible: $visible',
    async ({ call, caller, shown, visible }) => {
      const target = await buildTarget(shown);
      const reader = caller === 'self' ? target : await buildMember(ctx.db, { role: caller });

      const seen = await call.read(clientAs(ctx, reader), target);

      expect(seen, 'the answer lists the member').toBeDefined();
      expect(seen!.pseudo).toBe(target.pseudo);
      expect({ name: seen!.name, surname: seen!.surname }).toEqual(
        visible ? { name: target.name, surname: target.surname } : { name: null, surname: null },
      );
    },
  );

  it('shows a member’s name from the next answer on once it ticks the box, and hides it again', async () => {
    const target = await buildTarget(false);
    const own = clientAs(ctx, target);
    const other = clientAs(ctx, await buildMember(ctx.db, { role: 'invited' }));
    const seenName = async () =>
      (await okJson<User>(await other.get(`/api/users/${target.id}`))).surname;

    expect(await seenName()).toBeNull();
    await own.put('/api/user/preferences', { show_real_name: true });
    expect(await seenName()).toBe(target.surname);
    await own.put('/api/user/preferences', { show_real_name: false });
    expect(await seenName()).toBeNull();
  });

  it('leaves the names in the CSV export, which only admins download', async () => {
    const target = await buildTarget(false);
    const admin = clientAs(ctx, await buildMember(ctx.db, { role: 'admin' }));
    const csv = await admin.get('/api/users/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(target.surname);
    const member = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));
    expect((await member.get('/api/users/export.csv')).statusCode).toBe(403);
  });

  it('never names a hidden member in the calls that list members by pseudo', async () => {
    const target = await buildTarget(false);
    const admin = clientAs(ctx, await buildMember(ctx.db, { role: 'admin' }));
    const awarded = await admin.post('/api/points/awards', {
      user_id: target.id,
      points: 10_000,
      reason: 'Tournament',
    });
    expect(awarded.statusCode, awarded.body).toBe(201);
    const reader = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));

    for (const url of [
      '/api/points/leaderboard',
      `/api/users/${target.id}/timeline`,
      `/api/teams?userId=${target.id}`,
    ]) {
      const response = await reader.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(target.surname);
      expect(response.body, url).not.toContain(target.name);
    }
    expect((await reader.get('/api/points/leaderboard')).body).toContain(target.pseudo);
  });
});

describe('sorting the member list by name', () => {
  it.each(['name', '-name', 'surname', '-surname'])(
    'cannot reveal hidden names’ order: sort=%s is for admins only',
    async (sort) => {
      for (const role of ['invited', 'guest', 'user'] as const) {
        const member = clientAs(ctx, await buildMember(ctx.db, { role }));
        const refused = await member.get(`/api/users?sort=${sort}`);
        expect(refused.statusCode, role).toBe(403);
        expect(refused.json().error.code).toBe('forbidden');
      }
      const admin = clientAs(ctx, await buildMember(ctx.db, { role: 'admin' }));
      expect((await admin.get(`/api/users?sort=${sort}`)).statusCode).toBe(200);
    },
  );

  it('searches pseudos only: a hidden name finds nobody', async () => {
    const target = await buildTarget(false);
    const member = clientAs(ctx, await buildMember(ctx.db, { role: 'user' }));
    const found = await okJson<{ total: number }>(
      await member.get(`/api/users?q=${target.surname}`),
    );
    expect(found.total).toBe(0);
  });
});
