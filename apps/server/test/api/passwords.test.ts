import type {
  AccessRule,
  Page,
  PasswordAuditEvent,
  PasswordEntry,
  PasswordExposure,
  Role,
} from '@guildhall/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import {
  passwordAccessRules,
  passwordAuditEvents,
  passwordEntries,
  teamRoleMembers,
  type UserRow,
} from '../../src/db/schema.js';
import { buildAdmin, buildMember, buildTeam, sessionCookieFor } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let admin: UserRow;
let adminCookie: string;

/** Each group of tests starts from an empty vault, so that "all" and "none" mean exactly that. */
function onAnEmptyVault(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await buildAdmin(ctx.db, { pseudo: `admin-${randomBytes(3).toString('hex')}` });
    adminCookie = await sessionCookieFor(ctx.db, ctx.config, admin);
  });
  afterAll(() => ctx.close());
}

/** Requests with this Cookie header, or none; every answer of the vault must forbid caching. */
const as = (cookie?: string) =>
  clientAs(ctx, cookie ? { cookie } : 'anonymous', {
    onResponse: (response, request) => {
      if (String(request.url).startsWith('/api/password')) {
        expect(response.headers['cache-control']).toBe('no-store');
      }
    },
  });

/** A distinctive value, easy to look for in answers. */
const secretFor = (label: string) => `Vault-${label}-${randomBytes(8).toString('hex')}`;

const signIn = async (member: UserRow) => sessionCookieFor(ctx.db, ctx.config, member);
const member = (role: Role = 'user') => buildMember(ctx.db, { role });

/** Creates an entry through the API as the admin; the answer must not hold the value. */
async function createEntry(fields: {
  network?: string;
  account?: string;
  password: string;
  accessRules?: AccessRule[];
}): Promise<PasswordEntry> {
  const response = await as(adminCookie).post('/api/password', {
    network: 'Discord',
    account: 'team-account',
    accessRules: [],
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  expect(response.body).not.toContain(fields.password);
  return response.json<PasswordEntry>();
}

const reveal = (id: string, cookie = adminCookie) => as(cookie).post(`/api/password/${id}/reveal`);

async function revealed(id: string, cookie = adminCookie): Promise<string> {
  const response = await reveal(id, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ password: string }>().password;
}

async function listed(cookie = adminCookie): Promise<PasswordEntry[]> {
  const response = await as(cookie).get('/api/password');
  expect(response.statusCode).toBe(200);
  return response.json<PasswordEntry[]>();
}
const listedIds = async (cookie = adminCookie) =>
  (await listed(cookie)).map((entry) => entry._id).sort();

async function passwordCount(cookie: string): Promise<number> {
  const response = await as(cookie).get('/api/user');
  expect(response.statusCode).toBe(200);
  return response.json<{ password_count: number }>().password_count;
}

async function auditOf(id: string): Promise<PasswordAuditEvent[]> {
  const response = await as(adminCookie).get(`/api/password/${id}/audit`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<PasswordAuditEvent>>().items;
}
const actionsOf = async (id: string) => (await auditOf(id)).map((event) => event.action);

async function exposures(): Promise<PasswordExposure[]> {
  const response = await as(adminCookie).get('/api/password/exposures');
  expect(response.statusCode).toBe(200);
  return response.json<PasswordExposure[]>();
}

/** The answer for an id no entry has: a refused entry must be indistinguishable from it. */
async function expectNotFound(response: LightMyRequestResponse): Promise<void> {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    error: { code: 'password_not_found', message: expect.any(String) },
  });
  const missing = await reveal(newId());
  expect(response.body).toBe(missing.body);
}

/** Everything the vault holds, to show that a refused request changed nothing. */
async function vaultSnapshot() {
  return {
    entries: await ctx.db.select().from(passwordEntries).orderBy(asc(passwordEntries.id)),
    rules: await ctx.db
      .select()
      .from(passwordAccessRules)
      .orderBy(asc(passwordAccessRules.entryId), asc(passwordAccessRules.teamId)),
    audit: await ctx.db.select().from(passwordAuditEvents).orderBy(asc(passwordAuditEvents.id)),
  };
}

const issuePaths = (response: LightMyRequestResponse) =>
  (response.json<{ error: { issues?: { path: string }[] } }>().error.issues ?? []).map(
    (issue) => issue.path,
  );

/** A PUT /api/teams/{id} body keeping the roles' ids, with the members given. */
const teamBody = (roles: { _id: string; role: string; members: UserRow[] }[]) => ({
  name: `team-${randomBytes(3).toString('hex')}`,
  icon: 'trophy',
  type: 'esport',
  game: 'leagueoflegends',
  roles: roles.map((role) => ({ ...role, members: role.members.map((one) => one.id) })),
});

describe('an empty vault', () => {
  onAnEmptyVault();

  it('lists no entry and no exposure, and counts none for the admin', async () => {
    expect(await listed()).toEqual([]);
    expect(await exposures()).toEqual([]);
    expect(await passwordCount(adminCookie)).toBe(0);
  });
});

describe('who may access which entry', () => {
  onAnEmptyVault();

  const ENTRIES = ['aPlayers', 'aCoaches', 'bPlayers', 'twoRules', 'noRules'] as const;
  type EntryName = (typeof ENTRIES)[number];
  const secrets = Object.fromEntries(ENTRIES.map((name) => [name, secretFor(name)])) as Record<
    EntryName,
    string
  >;
  const entries = {} as Record<EntryName, PasswordEntry>;

  const CALLERS = [
    'a Player of team A',
    'a Coach of team A',
    'a Player of team B',
    'a guest who is a Player of team A',
    'an invited member who is a Player of team B',
    'a Sub of team A (a role no rule names)',
    'a user of no team',
    'a guest of no team',
    'an invited member of no team',
    'an admin of no team',
  ] as const;
  type Caller = (typeof CALLERS)[number];
  const cookies = {} as Record<Caller, string>;

  beforeAll(async () => {
    const members = {} as Record<Caller, UserRow>;
    for (const caller of CALLERS) {
      const role: Role = caller.startsWith('a guest')
        ? 'guest'
        : caller.startsWith('an invited')
          ? 'invited'
          : caller.startsWith('an admin')
            ? 'admin'
            : 'user';
      members[caller] = await member(role);
      cookies[caller] = await signIn(members[caller]);
    }
    const teamA = await buildTeam(ctx.db, {
      name: 'Team A',
      roles: [
        {
          role: 'Players',
          members: [members['a Player of team A'], members['a guest who is a Player of team A']],
        },
        { role: 'Coaches', members: [members['a Coach of team A']] },
        { role: 'Subs', members: [members['a Sub of team A (a role no rule names)']] },
      ],
    });
    const teamB = await buildTeam(ctx.db, {
      name: 'Team B',
      roles: [
        {
          role: 'Players',
          members: [
            members['a Player of team B'],
            members['an invited member who is a Player of team B'],
          ],
        },
      ],
    });
    const rules: Record<EntryName, AccessRule[]> = {
      aPlayers: [{ teamId: teamA.id, roles: ['Players'] }],
      aCoaches: [{ teamId: teamA.id, roles: ['Coaches'] }],
      bPlayers: [{ teamId: teamB.id, roles: ['Players'] }],
      twoRules: [
        { teamId: teamA.id, roles: ['Coaches'] },
        { teamId: teamB.id, roles: ['Players'] },
      ],
      noRules: [],
    };
    for (const name of ENTRIES) {
      entries[name] = await createEntry({
        network: `network-${name}`,
        account: `account-${name}`,
        password: secrets[name],
        accessRules: rules[name],
      });
    }
  });

  const table: { caller: Caller; visible: EntryName[] }[] = [
    { caller: 'a Player of team A', visible: ['aPlayers'] },
    { caller: 'a Coach of team A', visible: ['aCoaches', 'twoRules'] },
    { caller: 'a Player of team B', visible: ['bPlayers', 'twoRules'] },
    { caller: 'a guest who is a Player of team A', visible: ['aPlayers'] },
    { caller: 'an invited member who is a Player of team B', visible: ['bPlayers', 'twoRules'] },
    { caller: 'a Sub of team A (a role no rule names)', visible: [] },
    { caller: 'a user of no team', visible: [] },
    { caller: 'a guest of no team', visible: [] },
    { caller: 'an invited member of no team', visible: [] },
    { caller: 'an admin of no team', visible: [...ENTRIES] },
  ];

  it.each(table)(
    '$caller lists, counts and reveals exactly $visible; the others are not found',
    async ({ caller, visible }) => {
      const cookie = cookies[caller];
      const list = await as(cookie).get('/api/password');
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json<PasswordEntry[]>()
          .map((entry) => entry._id)
          .sort(),
      ).toEqual(visible.map((name) => entries[name]._id).sort());
      for (const secret of Object.values(secrets)) expect(list.body).not.toContain(secret);
      expect(await passwordCount(cookie)).toBe(visible.length);

      for (const name of ENTRIES) {
        const response = await reveal(entries[name]._id, cookie);
        if (visible.includes(name)) {
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({ password: secrets[name] });
        } else {
          await expectNotFound(response);
          expect(response.body).not.toContain(secrets[name]);
        }
      }
    },
  );

  it('answers every entry to admins with its rules, and never a value', async () => {
    const list = await listed();
    expect(list.map((entry) => entry.network).sort()).toEqual(
      ENTRIES.map((name) => `network-${name}`).sort(),
    );
    const twoRules = list.find((entry) => entry._id === entries.twoRules._id);
    expect(twoRules?.accessRules).toHaveLength(2);
    expect(twoRules).toEqual(entries.twoRules);
    const body = JSON.stringify(list);
    for (const secret of Object.values(secrets)) expect(body).not.toContain(secret);
  });

  it("lists a member's entries without their access rules, and an admin's with them", async () => {
    const memberList = await as(cookies['a Coach of team A']).get('/api/password');
    expect(memberList.json()).toEqual(
      [entries.aCoaches, entries.twoRules].map(({ accessRules: _rules, ...entry }) => entry),
    );
    // No team id of a rule reaches the member, not even the one of its own team.
    for (const rule of entries.twoRules.accessRules)
      expect(memberList.body).not.toContain(rule.teamId);

    const adminList = await as(cookies['an admin of no team']).get('/api/password');
    const twoRules = adminList
      .json<PasswordEntry[]>()
      .find((entry) => entry._id === entries.twoRules._id);
    expect(twoRules?.accessRules).toEqual(entries.twoRules.accessRules);
  });

  it('answers a malformed id with 400, without looking it up', async () => {
    const response = await reveal('not-an-id', cookies['a Player of team A']);
    expect(response.statusCode).toBe(400);
  });
});

describe('losing a role', () => {
  onAnEmptyVault();

  it('revokes access at the next request when an admin takes the member out of the role', async () => {
    const [leaver, teammate] = [await member(), await member()];
    const team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Players', members: [leaver, teammate] },
        { role: 'Coaches', members: [] },
      ],
    });
    const [players, coaches] = team.roleIds as [string, string];
    const secret = secretFor('roster');
    const entry = await createEntry({
      network: 'Riot',
      password: secret,
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    });
    const [leaverCookie, teammateCookie] = [await signIn(leaver), await signIn(teammate)];
    expect(await listedIds(leaverCookie)).toEqual([entry._id]);
    expect(await passwordCount(leaverCookie)).toBe(1);
    expect(await revealed(entry._id, leaverCookie)).toBe(secret);

    // Moved from Players to Coaches: still in the team, no longer in a role the rule names.
    const update = await as(adminCookie).put(
      `/api/teams/${team.id}`,
      teamBody([
        { _id: players, role: 'Players', members: [teammate] },
        { _id: coaches, role: 'Coaches', members: [leaver] },
      ]),
    );
    expect(update.statusCode).toBe(200);

    // The same session, the next request.
    expect(await listedIds(leaverCookie)).toEqual([]);
    expect(await passwordCount(leaverCookie)).toBe(0);
    await expectNotFound(await reveal(entry._id, leaverCookie));
    expect(await revealed(entry._id, teammateCookie)).toBe(secret);
    expect(await passwordCount(teammateCookie)).toBe(1);
  });

  it('follows the membership rows both ways: removed, then given back', async () => {
    const player = await member();
    const team = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [player] }] });
    const secret = secretFor('rows');
    const entry = await createEntry({
      password: secret,
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    });
    const cookie = await signIn(player);
    expect(await revealed(entry._id, cookie)).toBe(secret);

    await ctx.db
      .delete(teamRoleMembers)
      .where(
        and(eq(teamRoleMembers.roleId, team.roleIds[0]!), eq(teamRoleMembers.userId, player.id)),
      );
    expect(await listedIds(cookie)).toEqual([]);
    expect(await passwordCount(cookie)).toBe(0);
    await expectNotFound(await reveal(entry._id, cookie));

    await ctx.db
      .insert(teamRoleMembers)
      .values({ roleId: team.roleIds[0]!, userId: player.id, position: 0 });
    expect(await listedIds(cookie)).toEqual([entry._id]);
    expect(await passwordCount(cookie)).toBe(1);
    expect(await revealed(entry._id, cookie)).toBe(secret);
  });

  it('deleting a team removes its rules: an entry whose only rule named it is left to admins', async () => {
    const [gonePlayer, stayingPlayer] = [await member(), await member()];
    const gone = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [gonePlayer] }] });
    const staying = await buildTeam(ctx.db, {
      roles: [{ role: 'Players', members: [stayingPlayer] }],
    });
    const onlyGoneSecret = secretFor('only-gone');
    const onlyGone = await createEntry({
      network: 'Only gone',
      password: onlyGoneSecret,
      accessRules: [{ teamId: gone.id, roles: ['Players'] }],
    });
    const both = await createEntry({
      network: 'Both',
      password: secretFor('both'),
      accessRules: [
        { teamId: gone.id, roles: ['Players'] },
        { teamId: staying.id, roles: ['Players'] },
      ],
    });
    const [goneCookie, stayingCookie] = [await signIn(gonePlayer), await signIn(stayingPlayer)];
    expect(await listedIds(goneCookie)).toEqual([onlyGone._id, both._id].sort());

    const deletion = await as(adminCookie).delete(`/api/teams/${gone.id}`);
    expect(deletion.statusCode).toBe(204);

    expect(
      await ctx.db
        .select()
        .from(passwordAccessRules)
        .where(eq(passwordAccessRules.teamId, gone.id)),
    ).toEqual([]);
    const adminView = await listed();
    expect(adminView.find((entry) => entry._id === onlyGone._id)?.accessRules).toEqual([]);
    expect(adminView.find((entry) => entry._id === both._id)?.accessRules).toEqual([
      { teamId: staying.id, roles: ['Players'] },
    ]);
    expect(await listedIds(goneCookie)).toEqual([]);
    await expectNotFound(await reveal(onlyGone._id, goneCookie));
    expect(await listedIds(stayingCookie)).toEqual([both._id]);
    await expectNotFound(await reveal(onlyGone._id, stayingCookie));
    expect(await revealed(onlyGone._id)).toBe(onlyGoneSecret);
  });
});

describe('writing entries (admins)', () => {
  onAnEmptyVault();

  let team: { id: string; roleIds: string[] };
  let otherTeam: { id: string; roleIds: string[] };
  let teamWithoutRoles: { id: string; roleIds: string[] };
  beforeAll(async () => {
    team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Players', members: [] },
        { role: 'Coaches', members: [] },
      ],
    });
    otherTeam = await buildTeam(ctx.db, { roles: [{ role: 'Subs', members: [] }] });
    teamWithoutRoles = await buildTeam(ctx.db);
  });

  it('creates an entry with its rules, answers it without the value, and seals the value', async () => {
    const secret = secretFor('create');
    const response = await as(adminCookie).post('/api/password', {
      network: '  Twitter ',
      account: 'guildhall_gg',
      password: secret,
      accessRules: [{ teamId: team.id, roles: ['Players', 'Coaches'] }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain(secret);
    const entry = response.json<PasswordEntry>();
    expect(entry).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      network: 'Twitter',
      account: 'guildhall_gg',
      accessRules: [{ teamId: team.id, roles: ['Players', 'Coaches'] }],
      updated_at: expect.any(String),
      password_changed_at: expect.any(String),
    });
    expect(Object.keys(entry)).not.toContain('password');

    const [stored] = await ctx.db
      .select()
      .from(passwordEntries)
      .where(eq(passwordEntries.id, entry._id));
    expect(stored?.keyVersion).toBe(ctx.vault.version);
    expect(stored?.sealed.includes(Buffer.from(secret, 'utf8'))).toBe(false);

    const list = await as(adminCookie).get('/api/password');
    expect(list.body).not.toContain(secret);
    expect(await revealed(entry._id)).toBe(secret);
  });

  it('refuses an empty body with 400 naming network, account and password, and writes nothing', async () => {
    const before = await vaultSnapshot();
    const response = await as(adminCookie).post('/api/password', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(issuePaths(response)).toEqual(
      expect.arrayContaining(['body.network', 'body.account', 'body.password']),
    );
    expect(await vaultSnapshot()).toEqual(before);
  });

  it.each<[string, (teamId: string) => object, string]>([
    ['no network', () => ({ network: undefined }), 'body.network'],
    ['a blank network', () => ({ network: '   ' }), 'body.network'],
    ['no account', () => ({ account: undefined }), 'body.account'],
    ['a blank account', () => ({ account: '' }), 'body.account'],
    ['no password', () => ({ password: undefined }), 'body.password'],
    ['an empty password', () => ({ password: '' }), 'body.password'],
    [
      'a rule without roles',
      (teamId) => ({ accessRules: [{ teamId, roles: [] }] }),
      'body.accessRules.0.roles',
    ],
    [
      'a malformed team id',
      () => ({ accessRules: [{ teamId: 'nope', roles: ['Players'] }] }),
      'body.accessRules.0.teamId',
    ],
    [
      'two rules for one team',
      (teamId) => ({
        accessRules: [
          { teamId, roles: ['Players'] },
          { teamId, roles: ['Coaches'] },
        ],
      }),
      'body.accessRules',
    ],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_case, change, path) => {
    const before = await vaultSnapshot();
    const response = await as(adminCookie).post('/api/password', {
      network: 'Discord',
      account: 'bot',
      password: 'a-valid-password',
      accessRules: [],
      ...change(team.id),
    });
    expect(response.statusCode).toBe(400);
    expect(issuePaths(response)).toContain(path);
    expect(await vaultSnapshot()).toEqual(before);
  });

  const unknownTeam = newId();
  it.each<[string, () => AccessRule[], { path: string; message: string }]>([
    [
      'a team that does not exist',
      () => [{ teamId: unknownTeam, roles: ['Players'] }],
      { path: 'body.accessRules.0.teamId', message: `no team has the id ${unknownTeam}` },
    ],
    [
      'a role the team does not have',
      () => [{ teamId: team.id, roles: ['Players', 'Ghosts'] }],
      { path: 'body.accessRules.0.roles.1', message: 'the team has no role named "Ghosts"' },
    ],
    [
      'a role of another team',
      () => [{ teamId: team.id, roles: ['Subs'] }],
      { path: 'body.accessRules.0.roles.0', message: 'the team has no role named "Subs"' },
    ],
    [
      'a role of a team without roles',
      () => [{ teamId: teamWithoutRoles.id, roles: ['Players'] }],
      { path: 'body.accessRules.0.roles.0', message: 'the team has no role named "Players"' },
    ],
    [
      'a team that does not exist, in the second rule',
      () => [
        { teamId: otherTeam.id, roles: ['Subs'] },
        { teamId: unknownTeam, roles: ['Players'] },
      ],
      { path: 'body.accessRules.1.teamId', message: `no team has the id ${unknownTeam}` },
    ],
  ])(
    'refuses a rule naming %s (400 naming it), on create and on edit, and writes nothing',
    async (_case, rules, issue) => {
      const secret = secretFor('rules');
      const existing = await createEntry({
        password: secret,
        accessRules: [{ teamId: team.id, roles: ['Players'] }],
      });
      const before = await vaultSnapshot();

      const creation = await as(adminCookie).post('/api/password', {
        network: 'Discord',
        account: 'bot',
        password: 'a-valid-password',
        accessRules: rules(),
      });
      expect(creation.statusCode).toBe(400);
      expect(creation.json().error).toMatchObject({ code: 'validation_failed', issues: [issue] });

      const edit = await as(adminCookie).put(`/api/password/${existing._id}`, {
        network: 'Renamed',
        account: 'renamed',
        password: 'a-new-password',
        accessRules: rules(),
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().error).toMatchObject({ code: 'validation_failed', issues: [issue] });

      expect(await vaultSnapshot()).toEqual(before);
      expect(await revealed(existing._id)).toBe(secret);
    },
  );

  it('keeps the password when the edit leaves it out or blank, and changes it when one is given', async () => {
    const first = secretFor('first');
    const entry = await createEntry({ network: 'Twitch', password: first });
    const edit = (password: string | undefined, network: string) =>
      as(adminCookie).put(`/api/password/${entry._id}`, {
        network,
        account: 'team-account',
        accessRules: [{ teamId: team.id, roles: ['Coaches'] }],
        ...(password !== undefined && { password }),
      });

    for (const [index, password] of [undefined, '', '   '].entries()) {
      const response = await edit(password, `Twitch ${index}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(first);
      expect(response.json<PasswordEntry>()).toMatchObject({
        network: `Twitch ${index}`,
        accessRules: [{ teamId: team.id, roles: ['Coaches'] }],
        password_changed_at: entry.password_changed_at,
      });
      expect(await revealed(entry._id)).toBe(first);
    }

    const second = secretFor('second');
    const changed = await edit(second, 'Twitch');
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain(second);
    expect(changed.body).not.toContain(first);
    const after = changed.json<PasswordEntry>();
    expect(Date.parse(after.password_changed_at)).toBeGreaterThan(
      Date.parse(entry.password_changed_at),
    );
    expect(await revealed(entry._id)).toBe(second);
  });

  it('replaces the rules on edit', async () => {
    const entry = await createEntry({
      password: secretFor('rules-replaced'),
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    });
    const response = await as(adminCookie).put(`/api/password/${entry._id}`, {
      network: entry.network,
      account: entry.account,
      accessRules: [{ teamId: otherTeam.id, roles: ['Subs'] }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PasswordEntry>().accessRules).toEqual([
      { teamId: otherTeam.id, roles: ['Subs'] },
    ]);
    expect(
      await ctx.db
        .select({ teamId: passwordAccessRules.teamId })
        .from(passwordAccessRules)
        .where(eq(passwordAccessRules.entryId, entry._id)),
    ).toEqual([{ teamId: otherTeam.id }]);
  });

  it('deletes an entry: 204, then it is not found, and its rules are gone', async () => {
    const entry = await createEntry({
      password: secretFor('deleted'),
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    });
    const deletion = await as(adminCookie).delete(`/api/password/${entry._id}`);
    expect(deletion.statusCode).toBe(204);
    expect(deletion.body).toBe('');

    await expectNotFound(await reveal(entry._id));
    await expectNotFound(await as(adminCookie).delete(`/api/password/${entry._id}`));
    await expectNotFound(
      await as(adminCookie).put(`/api/password/${entry._id}`, {
        network: 'Back',
        account: 'again',
      }),
    );
    expect(await listedIds()).not.toContain(entry._id);
    expect(
      await ctx.db
        .select()
        .from(passwordAccessRules)
        .where(eq(passwordAccessRules.entryId, entry._id)),
    ).toEqual([]);
  });

  it('answers 404 for editing or deleting an id no entry has', async () => {
    const id = newId();
    await expectNotFound(
      await as(adminCookie).put(`/api/password/${id}`, { network: 'A', account: 'B' }),
    );
    await expectNotFound(await as(adminCookie).delete(`/api/password/${id}`));
    await expectNotFound(await as(adminCookie).get(`/api/password/${id}/audit`));
  });
});

describe('who may call what', () => {
  onAnEmptyVault();

  let entry: PasswordEntry;
  let secret: string;
  let team: { id: string; roleIds: string[] };
  beforeAll(async () => {
    team = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [] }] });
    secret = secretFor('guarded');
    entry = await createEntry({
      network: 'Guarded',
      password: secret,
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    });
  });

  const writeBody = () => ({ network: 'N', account: 'A', password: 'intruder-value' });
  const routes: {
    route: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: (id: string) => string;
    body?: () => object;
  }[] = [
    { route: 'GET /api/password', method: 'GET', url: () => '/api/password' },
    {
      route: 'POST /api/password/{id}/reveal',
      method: 'POST',
      url: (id) => `/api/password/${id}/reveal`,
    },
    { route: 'POST /api/password', method: 'POST', url: () => '/api/password', body: writeBody },
    {
      route: 'PUT /api/password/{id}',
      method: 'PUT',
      url: (id) => `/api/password/${id}`,
      body: writeBody,
    },
    { route: 'DELETE /api/password/{id}', method: 'DELETE', url: (id) => `/api/password/${id}` },
    {
      route: 'GET /api/password/{id}/audit',
      method: 'GET',
      url: (id) => `/api/password/${id}/audit`,
    },
    { route: 'GET /api/password/exposures', method: 'GET', url: () => '/api/password/exposures' },
  ];

  it.each(routes)(
    'refuses anonymous callers of $route with 401, not cached',
    async ({ method, url, body }) => {
      for (const cookie of [undefined, '__Host-guildhall_session=not-a-session']) {
        const response = await as(cookie).inject({
          method,
          url: url(entry._id),
          payload: body?.(),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('unauthenticated');
        expect(response.body).not.toContain(secret);
      }
    },
  );

  const adminOnly = routes.filter(
    ({ route }) => route !== 'GET /api/password' && !route.endsWith('/reveal'),
  );

  it.each([
    { who: 'a user', role: 'user' },
    { who: 'a guest', role: 'guest' },
    { who: 'an invited member', role: 'invited' },
  ] as const)(
    'refuses $who who may access the entry with 403 for writes, audit and exposures, and changes nothing',
    async ({ role }) => {
      const caller = await member(role);
      await ctx.db
        .insert(teamRoleMembers)
        .values({ roleId: team.roleIds[0]!, userId: caller.id, position: 0 });
      const cookie = await signIn(caller);
      // The entry is the caller's to reveal: what follows is refused for being admin-only.
      expect(await revealed(entry._id, cookie)).toBe(secret);
      const before = await vaultSnapshot();

      expect(adminOnly).toHaveLength(5);
      for (const { route, method, url, body } of adminOnly) {
        const response = await as(cookie).inject({
          method,
          url: url(entry._id),
          payload: body?.(),
        });
        expect(response.statusCode, route).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
        expect(response.body).not.toContain(secret);
      }

      expect(await vaultSnapshot()).toEqual(before);
      expect(await revealed(entry._id)).toBe(secret);
    },
  );

  it('forbids caching every vault answer: 200, 201, 204, 400, 401, 403 and 404', async () => {
    const user = await signIn(await member());
    const responses = [
      await as(adminCookie).get('/api/password'),
      await as(adminCookie).post(`/api/password/${entry._id}/reveal`),
      await as(adminCookie).post('/api/password', {
        network: 'Cache',
        account: 'control',
        password: 'no-store',
      }),
      await as(adminCookie).post('/api/password', {}),
      await as(adminCookie).get(`/api/password/${entry._id}/audit`),
      await as(adminCookie).get('/api/password/exposures'),
      await as().get('/api/password'),
      await as(user).post('/api/password', {
        network: 'Not',
        account: 'an admin',
        password: 'refused',
      }),
      await as(user).post(`/api/password/${entry._id}/reveal`),
      await as(adminCookie).post(`/api/password/${newId()}/reveal`),
    ];
    const created = responses[2]!.json<PasswordEntry>();
    responses.push(
      await as(adminCookie).put(`/api/password/${created._id}`, {
        network: 'Cache',
        account: 'control',
      }),
      await as(adminCookie).delete(`/api/password/${created._id}`),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual(
      [200, 200, 200, 200, 200, 201, 204, 400, 401, 403, 404, 404].sort(),
    );
    for (const response of responses) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('the audit trail', () => {
  onAnEmptyVault();

  let team: { id: string; roleIds: string[] };
  let player: UserRow;
  let playerCookie: string;
  beforeAll(async () => {
    player = await member();
    playerCookie = await signIn(player);
    team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Players', members: [player] },
        { role: 'Coaches', members: [] },
      ],
    });
  });
  const players = (): AccessRule[] => [{ teamId: team.id, roles: ['Players'] }];

  it('writes an event for every reveal, naming the member', async () => {
    const secret = secretFor('audited');
    const entry = await createEntry({ password: secret, accessRules: players() });
    for (let time = 0; time < 3; time++)
      expect(await revealed(entry._id, playerCookie)).toBe(secret);
    expect(await revealed(entry._id)).toBe(secret);

    const events = await auditOf(entry._id);
    expect(events.map((event) => [event.action, event.member])).toEqual([
      ['reveal', { _id: admin.id, pseudo: admin.pseudo }],
      ['reveal', { _id: player.id, pseudo: player.pseudo }],
      ['reveal', { _id: player.id, pseudo: player.pseudo }],
      ['reveal', { _id: player.id, pseudo: player.pseudo }],
      ['create', { _id: admin.id, pseudo: admin.pseudo }],
    ]);
    const stored = await ctx.db
      .select()
      .from(passwordAuditEvents)
      .where(
        and(eq(passwordAuditEvents.entryId, entry._id), eq(passwordAuditEvents.action, 'reveal')),
      );
    expect(stored).toHaveLength(4);
  });

  it('pages the trail newest first, the last page without a next cursor, a foreign cursor a 400', async () => {
    const entry = await createEntry({ password: secretFor('paged'), accessRules: players() });
    for (let time = 0; time < 4; time++) await revealed(entry._id, playerCookie);
    const pageOf = async (cursor?: string) => {
      const query = new URLSearchParams({ limit: '2' });
      if (cursor) query.set('cursor', cursor);
      const response = await as(adminCookie).get(`/api/password/${entry._id}/audit?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page<PasswordAuditEvent>>();
    };
    const pages = [await pageOf()];
    while (pages.at(-1)!.next_cursor) pages.push(await pageOf(pages.at(-1)!.next_cursor!));
    expect(pages.map((page) => page.items.map((event) => event.action))).toEqual([
      ['reveal', 'reveal'],
      ['reveal', 'reveal'],
      ['create'],
    ]);
    expect(pages.flatMap((page) => page.items).map((event) => event._id)).toEqual(
      (await auditOf(entry._id)).map((event) => event._id),
    );

    const bad = await as(adminCookie).get(`/api/password/${entry._id}/audit?cursor=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'querystring.cursor' })],
    });
  });

  it('does not record refused reveals as reveals', async () => {
    const entry = await createEntry({
      password: secretFor('coaches'),
      accessRules: [{ teamId: team.id, roles: ['Coaches'] }],
    });
    await expectNotFound(await reveal(entry._id, playerCookie));
    expect(await actionsOf(entry._id)).toEqual(['create']);
  });

  it('lists create, reveal, update, rules_changed and delete newest first, as they happen', async () => {
    const entry = await createEntry({ network: 'Steam', password: secretFor('story') });
    const edit = (fields: object) =>
      as(adminCookie).put(`/api/password/${entry._id}`, {
        network: 'Steam',
        account: 'team-account',
        accessRules: players(),
        ...fields,
      });
    expect(await actionsOf(entry._id)).toEqual(['create']);

    // Rules only.
    expect((await edit({})).statusCode).toBe(200);
    expect(await actionsOf(entry._id)).toEqual(['rules_changed', 'create']);

    expect(await revealed(entry._id, playerCookie)).toBeTruthy();
    expect(await actionsOf(entry._id)).toEqual(['reveal', 'rules_changed', 'create']);

    // The password only.
    const newSecret = secretFor('story-2');
    expect((await edit({ password: newSecret })).statusCode).toBe(200);
    // The account only.
    expect((await edit({ password: '', account: 'renamed' })).statusCode).toBe(200);
    // Nothing at all: no event.
    expect((await edit({ account: 'renamed' })).statusCode).toBe(200);
    expect(await actionsOf(entry._id)).toEqual([
      'update',
      'update',
      'reveal',
      'rules_changed',
      'create',
    ]);

    expect(await revealed(entry._id)).toBe(newSecret);
    const deletion = await as(adminCookie).delete(`/api/password/${entry._id}`);
    expect(deletion.statusCode).toBe(204);

    // The trail outlives the entry.
    const events = await auditOf(entry._id);
    expect(events.map((event) => [event.action, event.member.pseudo])).toEqual([
      ['delete', admin.pseudo],
      ['reveal', admin.pseudo],
      ['update', admin.pseudo],
      ['update', admin.pseudo],
      ['reveal', player.pseudo],
      ['rules_changed', admin.pseudo],
      ['create', admin.pseudo],
    ]);
    const times = events.map((event) => Date.parse(event.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(JSON.stringify(events)).not.toContain(newSecret);
  });

  it('records both update and rules_changed when one edit changes the password and the rules', async () => {
    const entry = await createEntry({ password: secretFor('both-changes') });
    const response = await as(adminCookie).put(`/api/password/${entry._id}`, {
      network: entry.network,
      account: entry.account,
      password: secretFor('both-changes-2'),
      accessRules: players(),
    });
    expect(response.statusCode).toBe(200);
    const actions = await actionsOf(entry._id);
    expect(actions).toHaveLength(3);
    // Written in this order in one transaction: the newest first.
    expect(actions.slice(0, 2)).toEqual(['rules_changed', 'update']);
    expect(actions[2]).toBe('create');
  });

  it('keeps a deleted member’s events, with the pseudo of the time and no id', async () => {
    const leaving = await member();
    await ctx.db.insert(teamRoleMembers).values({
      roleId: team.roleIds[0]!,
      userId: leaving.id,
      position: 1,
    });
    const entry = await createEntry({ password: secretFor('kept'), accessRules: players() });
    await revealed(entry._id, await signIn(leaving));
    const deletion = await as(adminCookie).delete(`/api/users/${leaving.id}`);
    expect(deletion.statusCode).toBe(204);
    expect((await auditOf(entry._id))[0]).toMatchObject({
      action: 'reveal',
      member: { _id: null, pseudo: leaving.pseudo },
    });
  });

  it('reveals nothing when the audit event cannot be written', async () => {
    const secret = secretFor('unaudited');
    const entry = await createEntry({ password: secret, accessRules: players() });
    await ctx.db.execute(
      sql`alter table password_audit_events add constraint refuse_all check (false) not valid`,
    );
    try {
      for (const cookie of [playerCookie, adminCookie]) {
        const response = await reveal(entry._id, cookie);
        expect(response.statusCode).toBeGreaterThanOrEqual(500);
        expect(response.body).not.toContain(secret);
        expect(response.json()).toEqual({
          error: { code: 'internal_error', message: expect.any(String) },
        });
      }
    } finally {
      await ctx.db.execute(sql`alter table password_audit_events drop constraint refuse_all`);
    }
    expect(await actionsOf(entry._id)).toEqual(['create']);
    // Once the trail can be written again, so can the reveal.
    expect(await revealed(entry._id, playerCookie)).toBe(secret);
    expect(await actionsOf(entry._id)).toEqual(['reveal', 'create']);
  });
});

describe('exposures', () => {
  onAnEmptyVault();

  it('lists entries revealed by members who lost access, until their password changes', async () => {
    const [staying, leaver, deleted, neverRevealed] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const team = await buildTeam(ctx.db, {
      roles: [
        { role: 'Players', members: [staying, leaver, deleted, neverRevealed] },
        { role: 'Coaches', members: [] },
      ],
    });
    const [players, coaches] = team.roleIds as [string, string];
    const players_: AccessRule[] = [{ teamId: team.id, roles: ['Players'] }];
    const secrets = { scrims: secretFor('scrims'), stream: secretFor('stream') };
    const scrims = await createEntry({
      network: 'Scrims',
      password: secrets.scrims,
      accessRules: players_,
    });
    const stream = await createEntry({
      network: 'Stream',
      password: secrets.stream,
      accessRules: players_,
    });
    const cookies = {
      staying: await signIn(staying),
      leaver: await signIn(leaver),
      deleted: await signIn(deleted),
    };
    await revealed(scrims._id, cookies.staying);
    await revealed(stream._id, cookies.staying);
    await revealed(scrims._id, cookies.leaver);
    await revealed(scrims._id, cookies.leaver);
    await revealed(stream._id, cookies.deleted);
    await revealed(stream._id); // an admin always keeps access

    // Everyone who revealed still has access.
    expect(await exposures()).toEqual([]);

    // The leaver moves to another role of the team.
    const update = await as(adminCookie).put(
      `/api/teams/${team.id}`,
      teamBody([
        { _id: players, role: 'Players', members: [staying, deleted, neverRevealed] },
        { _id: coaches, role: 'Coaches', members: [leaver] },
      ]),
    );
    expect(update.statusCode).toBe(200);

    const leaverLastReveal = (await auditOf(scrims._id)).find(
      (event) => event.member._id === leaver.id,
    );
    const afterLeaving = await as(adminCookie).get('/api/password/exposures');
    expect(afterLeaving.json()).toEqual([
      {
        entry: { ...scrims, updated_at: expect.any(String) },
        members: [
          {
            _id: leaver.id,
            pseudo: leaver.pseudo,
            last_revealed_at: leaverLastReveal?.at,
            left_discord_at: null,
          },
        ],
      },
    ]);
    for (const secret of Object.values(secrets)) expect(afterLeaving.body).not.toContain(secret);

    // A deleted member has lost access to everything it revealed.
    const deletion = await as(adminCookie).delete(`/api/users/${deleted.id}`);
    expect(deletion.statusCode).toBe(204);
    const withDeleted = await exposures();
    expect(withDeleted.map((exposure) => exposure.entry._id).sort()).toEqual(
      [scrims._id, stream._id].sort(),
    );
    expect(withDeleted.find((exposure) => exposure.entry._id === stream._id)?.members).toEqual([
      {
        _id: null,
        pseudo: deleted.pseudo,
        last_revealed_at: expect.any(String),
        left_discord_at: null,
      },
    ]);

    // Edits that leave the password alone do not clear it.
    const rename = await as(adminCookie).put(`/api/password/${stream._id}`, {
      network: 'Stream key',
      account: stream.account,
      password: '  ',
      accessRules: players_,
    });
    expect(rename.statusCode).toBe(200);
    expect((await exposures()).map((exposure) => exposure.entry._id).sort()).toEqual(
      [scrims._id, stream._id].sort(),
    );

    // A new password clears it; the other stays.
    const rotated = await as(adminCookie).put(`/api/password/${scrims._id}`, {
      network: scrims.network,
      account: scrims.account,
      password: secretFor('scrims-rotated'),
      accessRules: players_,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await exposures()).map((exposure) => exposure.entry._id)).toEqual([stream._id]);

    // Reveals after the change by members who keep access expose nothing.
    await revealed(scrims._id, cookies.staying);
    expect((await exposures()).map((exposure) => exposure.entry._id)).toEqual([stream._id]);

    const rotatedStream = await as(adminCookie).put(`/api/password/${stream._id}`, {
      network: 'Stream key',
      account: stream.account,
      password: secretFor('stream-rotated'),
      accessRules: players_,
    });
    expect(rotatedStream.statusCode).toBe(200);
    expect(await exposures()).toEqual([]);
  });

  it('forgets a member who got access back', async () => {
    const returning = await member();
    const team = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [returning] }] });
    const entry = await createEntry({
      password: secretFor('returning'),
      accessRules: [{ teamId: team.id, roles: ['Players'] }],
    });
    await revealed(entry._id, await signIn(returning));
    const membership = and(
      eq(teamRoleMembers.roleId, team.roleIds[0]!),
      eq(teamRoleMembers.userId, returning.id),
    );
    await ctx.db.delete(teamRoleMembers).where(membership);
    expect((await exposures()).map((exposure) => exposure.entry._id)).toContain(entry._id);
    await ctx.db
      .insert(teamRoleMembers)
      .values({ roleId: team.roleIds[0]!, userId: returning.id, position: 0 });
    expect((await exposures()).map((exposure) => exposure.entry._id)).not.toContain(entry._id);
  });
});
