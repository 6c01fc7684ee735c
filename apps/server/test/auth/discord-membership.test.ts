import type {
  DiscordSyncReport,
  MembershipEvent,
  Page,
  PasswordExposure,
} from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { teamRoleMembers, users } from '../../src/db/schema.js';
import { createGuildClient } from '../../src/integrations/discord/guild-client.js';
import { syncAllMembers } from '../../src/services/discord/sync-all-members.js';
import {
  defaultFakeUser,
  fakeGuild,
  startFakeDiscord,
  type FakeDiscord,
  type FakeGuild,
} from '../fakes/fake-discord.js';
import { signInThroughFakeDiscord } from '../helpers/discord-sign-in.js';
import { buildAdmin, buildMember, buildTeam, sessionCookieFor } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

// Access follows the Discord server (decision 034): mapped roles granted at sign-in and by the
// sync, hand-set ones kept, leavers losing sessions, team roles and vault access, all within
// Discord's rate limits and one sync at a time. Against the fake Discord's guild.

const ROLE_MEMBER = '1000000000000000001';
const ROLE_CAPTAIN = '1000000000000000002';
const ROLE_STAFF = '1000000000000000003';

let discord: FakeDiscord;
let guild: FakeGuild;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
let team: { id: string; roleIds: string[] };

beforeAll(async () => {
  discord = await startFakeDiscord();
});
afterAll(() => discord.close());

beforeEach(async () => {
  guild = fakeGuild();
  guild.roles = [
    { id: ROLE_STAFF, name: 'Staff', color: 0xe74c3c, position: 3 },
    { id: ROLE_CAPTAIN, name: 'Capitaine', color: 0, position: 2 },
    { id: ROLE_MEMBER, name: 'Membre', color: 0x3498db, position: 1 },
  ];
  discord.guild = guild;
  ctx = await createTestContext(
    discord.env({ DISCORD_GUILD_ID: guild.id, DISCORD_BOT_TOKEN: guild.botToken }),
  );
  admin = await buildAdmin(ctx.db, { pseudo: 'Admin' });
  team = await buildTeam(ctx.db, {
    name: 'Guildhall LoL',
    roles: [
      { role: 'Captain', members: [] },
      { role: 'Coach', members: [] },
    ],
  });
  const mapped = await asAdmin().put('/api/discord/mappings', [
    { discord_role_id: ROLE_MEMBER, portal_role: 'user', team_role_id: null },
    { discord_role_id: ROLE_CAPTAIN, portal_role: null, team_role_id: team.roleIds[0] },
  ]);
  expect(mapped.statusCode).toBe(204);
});
afterEach(async () => {
  discord.behaviour = { user: defaultFakeUser(), consent: 'allow', tokenFails: false };
  discord.guild = undefined;
  await ctx.close();
});

const asAdmin = () => clientAs(ctx, admin);

/** Puts the fake's default account in the guild with these roles. */
function joinGuild(roleIds: string[], user = defaultFakeUser()) {
  guild.members.set(user.id, { username: user.username, roleIds });
  return user;
}

const signIn = () => signInThroughFakeDiscord(ctx);

const memberByDiscordId = async (discordId: string) =>
  (await ctx.db.select().from(users).where(eq(users.discordId, discordId)))[0]!;

const teamRolesOf = async (userId: string) =>
  (
    await ctx.db
      .select({ roleId: teamRoleMembers.roleId, source: teamRoleMembers.source })
      .from(teamRoleMembers)
      .where(eq(teamRoleMembers.userId, userId))
  ).sort((a, b) => a.roleId.localeCompare(b.roleId));

const history = async (userId: string) =>
  (await asAdmin().get(`/api/discord/history?userId=${userId}`)).json<Page<MembershipEvent>>()
    .items;

const syncAll = async () => {
  const response = await asAdmin().post('/api/discord/sync');
  expect(response.statusCode).toBe(200);
  return response.json<DiscordSyncReport>();
};

describe('Discord roles at sign-in', () => {
  it('grants the mapped portal role and team role, recorded as from Discord', async () => {
    const user = joinGuild([ROLE_MEMBER, ROLE_CAPTAIN]);
    const cookie = await signIn();
    expect(cookie).toBeDefined();

    const member = await memberByDiscordId(user.id);
    expect(member).toMatchObject({ role: 'user', roleSource: 'discord' });
    expect(await teamRolesOf(member.id)).toEqual([{ roleId: team.roleIds[0], source: 'discord' }]);
    const me = await clientAs(ctx, { cookie: cookie! }).get('/api/user');
    expect(me.json().role).toBe('user');
    expect(
      (await history(member.id)).map(({ kind, detail, source }) => ({ kind, detail, source })),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'role_granted', detail: 'user', source: 'discord' },
        { kind: 'team_role_granted', detail: 'Guildhall LoL · Captain', source: 'discord' },
      ]),
    );
  });

  it('refuses an account outside the guild, as before', async () => {
    expect(await signIn()).toBeUndefined();
    expect(
      await ctx.db.select().from(users).where(eq(users.discordId, defaultFakeUser().id)),
    ).toEqual([]);
  });
});

describe('the guild sync', () => {
  it('takes back only what Discord gave: a hand-set team role and role stay', async () => {
    const user = joinGuild([ROLE_MEMBER, ROLE_CAPTAIN]);
    await signIn();
    const member = await memberByDiscordId(user.id);
    // An admin adds the member to Coach by hand.
    await ctx.db
      .insert(teamRoleMembers)
      .values({ roleId: team.roleIds[1]!, userId: member.id, position: 0 });

    joinGuild([]);
    expect(await syncAll()).toEqual({ checked: 1, changed: 1, left: 0 });
    expect(await teamRolesOf(member.id)).toEqual([{ roleId: team.roleIds[1], source: 'manual' }]);
    expect((await memberByDiscordId(user.id)).role).toBe('guest');

    // A role set by hand is the admin's: the mapping only raises it, never lowers it.
    await ctx.db
      .update(users)
      .set({ role: 'admin', roleSource: 'manual' })
      .where(eq(users.id, member.id));
    joinGuild([ROLE_MEMBER]);
    await syncAll();
    expect((await memberByDiscordId(user.id)).role).toBe('admin');
  });

  it('returns a role the mapping raised to the one an admin had set, not below', async () => {
    await asAdmin().put('/api/discord/mappings', [
      { discord_role_id: ROLE_STAFF, portal_role: 'admin', team_role_id: null },
    ]);
    const user = joinGuild([]);
    await signIn();
    const member = await memberByDiscordId(user.id);
    await ctx.db
      .update(users)
      .set({ role: 'user', roleSource: 'manual' })
      .where(eq(users.id, member.id));

    joinGuild([ROLE_STAFF]);
    await syncAll();
    expect(await memberByDiscordId(user.id)).toMatchObject({
      role: 'admin',
      roleSource: 'discord',
    });
    joinGuild([]);
    await syncAll();
    expect((await memberByDiscordId(user.id)).role).toBe('user');
  });

  it('grants between sign-ins what a new Discord role maps to', async () => {
    const user = joinGuild([ROLE_MEMBER]);
    await signIn();
    joinGuild([ROLE_MEMBER, ROLE_CAPTAIN]);
    const member = await memberByDiscordId(user.id);
    const response = await asAdmin().post(`/api/discord/sync/${member.id}`);
    expect(response.json()).toEqual({ checked: 1, changed: 1, left: 0 });
    expect(await teamRolesOf(member.id)).toEqual([{ roleId: team.roleIds[0], source: 'discord' }]);
    // Nothing changes the second time.
    expect((await asAdmin().post(`/api/discord/sync/${member.id}`)).json()).toEqual({
      checked: 1,
      changed: 0,
      left: 0,
    });
  });

  it('ends a leaver’s sessions and access, keeps the account, and lists what it could reveal', async () => {
    const user = joinGuild([ROLE_MEMBER, ROLE_CAPTAIN]);
    const cookie = (await signIn())!;
    const member = await memberByDiscordId(user.id);
    const entry = await asAdmin().post('/api/password', {
      network: 'Riot',
      account: 'team-smurf',
      password: 'hunter2-but-longer',
      accessRules: [{ teamId: team.id, roles: ['Captain'] }],
    });
    expect(entry.statusCode).toBe(201);
    const open = await clientAs(ctx, { cookie }).get('/api/password');
    expect(open.json()).toHaveLength(1);

    guild.members.delete(user.id);
    expect(await syncAll()).toEqual({ checked: 1, changed: 0, left: 1 });

    expect((await clientAs(ctx, { cookie }).get('/api/user')).statusCode).toBe(401);
    const left = await memberByDiscordId(user.id);
    expect(left).toMatchObject({ role: 'guest', pseudo: member.pseudo });
    expect(left.leftDiscordAt).toBeInstanceOf(Date);
    expect(await teamRolesOf(member.id)).toEqual([]);
    const exposures = (await asAdmin().get('/api/password/exposures')).json<PasswordExposure[]>();
    expect(exposures).toEqual([
      {
        entry: expect.objectContaining({ _id: entry.json()._id }),
        members: [
          {
            _id: member.id,
            pseudo: member.pseudo,
            last_revealed_at: null,
            left_discord_at: left.leftDiscordAt!.toISOString(),
          },
        ],
      },
    ]);
    expect((await history(member.id)).map((event) => event.kind)).toEqual(
      expect.arrayContaining([
        'left_discord',
        'sessions_ended',
        'team_role_removed',
        'role_removed',
      ]),
    );
    // Leaving twice changes nothing more.
    expect(await syncAll()).toEqual({ checked: 1, changed: 0, left: 0 });

    // A new password clears the exposure.
    await asAdmin().put(`/api/password/${entry.json()._id}`, {
      network: 'Riot',
      account: 'team-smurf',
      password: 'a-brand-new-password',
      accessRules: [{ teamId: team.id, roles: ['Captain'] }],
    });
    expect((await asAdmin().get('/api/password/exposures')).json()).toEqual([]);
  });

  it('reads the member list in one request with the Server Members intent', async () => {
    guild.membersIntent = true;
    const user = joinGuild([ROLE_MEMBER]);
    await signIn();
    await buildMember(ctx.db, { discordId: '2000000000000000001' });
    guild.requests = [];
    // The member signed in with its roles already: only the other one changes (it left).
    expect(await syncAll()).toEqual({ checked: 2, changed: 0, left: 1 });
    expect(guild.requests.map((request) => request.path)).toEqual([
      `/api/guilds/${guild.id}/members`,
    ]);
    expect((await memberByDiscordId(user.id)).leftDiscordAt).toBeNull();
  });

  it('keeps to the per-route rate limit Discord announces: not one 429', async () => {
    guild.rateLimit = { limit: 3, windowMs: 400 };
    for (let index = 0; index < 10; index += 1) {
      const id = `30000000000000000${String(index).padStart(2, '0')}`;
      guild.members.set(id, { username: `player${index}`, roleIds: [ROLE_MEMBER] });
      await buildMember(ctx.db, { discordId: id, role: 'invited' });
    }
    expect(await syncAll()).toEqual({ checked: 10, changed: 10, left: 0 });
    // The member list first (refused: no Server Members intent), then one read per member.
    const reads = guild.requests.filter((request) => /\/members\/\d+$/.test(request.path));
    expect(reads).toHaveLength(10);
    expect(guild.tooManyRequests).toBe(0);
  });

  it('stops at a revoked bot token after one refused request, changing nothing', async () => {
    await buildMember(ctx.db, { discordId: '2000000000000000001' });
    await buildMember(ctx.db, { discordId: '2000000000000000002' });
    guild.botToken = 'revoked';
    const response = await asAdmin().post('/api/discord/sync');
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('discord_unavailable');
    expect(guild.unauthorized).toBe(1);
    const members = await ctx.db.select().from(users);
    expect(members.every((member) => member.leftDiscordAt === null)).toBe(true);
  });

  it('runs one sync at a time, across instances', async () => {
    for (let index = 0; index < 5; index += 1) {
      await buildMember(ctx.db, { discordId: `400000000000000000${index}` });
    }
    // Two instances of the server on the same database, each with its own client of Discord.
    const instance = () =>
      createGuildClient({
        apiUrl: discord.apiUrl,
        botToken: guild.botToken,
        guildId: guild.id,
        timeoutMs: 5_000,
      });
    const [first, second] = await Promise.allSettled([
      syncAllMembers({ db: ctx.db, guild: instance(), log: ctx.app.log }),
      syncAllMembers({ db: ctx.db, guild: instance(), log: ctx.app.log }),
    ]);
    const outcomes = [first, second].map((outcome) =>
      outcome.status === 'fulfilled' ? 'ran' : (outcome.reason as { code: string }).code,
    );
    expect(outcomes.sort()).toEqual(['discord_sync_running', 'ran']);
    // Once it has ended, the next one runs.
    expect((await syncAll()).checked).toBe(5);
  });
});

describe('the mapping', () => {
  it('refuses a team role that does not exist, and keeps the mapping it had', async () => {
    const response = await asAdmin().put('/api/discord/mappings', [
      {
        discord_role_id: ROLE_STAFF,
        portal_role: 'admin',
        team_role_id: '0123456789abcdef01234567',
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      expect.objectContaining({ path: 'body.0.team_role_id', code: 'unknown_reference' }),
    ]);
    expect((await asAdmin().get('/api/discord/mappings')).json()).toHaveLength(2);
  });

  it('refuses a Discord role mapped twice, or mapped to nothing', async () => {
    for (const body of [
      [
        { discord_role_id: ROLE_STAFF, portal_role: 'admin', team_role_id: null },
        { discord_role_id: ROLE_STAFF, portal_role: 'user', team_role_id: null },
      ],
      [{ discord_role_id: ROLE_STAFF, portal_role: null, team_role_id: null }],
    ]) {
      expect((await asAdmin().put('/api/discord/mappings', body)).statusCode).toBe(400);
    }
  });

  it('reads the guild’s roles with the bot, highest first', async () => {
    const response = await asAdmin().get('/api/discord/roles');
    expect(response.json()).toEqual({
      bot: true,
      roles: [
        { id: ROLE_STAFF, name: 'Staff', color: 0xe74c3c, position: 3 },
        { id: ROLE_CAPTAIN, name: 'Capitaine', color: 0, position: 2 },
        { id: ROLE_MEMBER, name: 'Membre', color: 0x3498db, position: 1 },
      ],
    });
  });
});

describe('without a bot token', () => {
  it('says the roles cannot be read, and that the sync needs the bot', async () => {
    const bare = await createTestContext(discord.env({ DISCORD_GUILD_ID: guild.id }));
    try {
      const boss = await buildAdmin(bare.db);
      const cookie = await sessionCookieFor(bare.db, bare.config, boss);
      expect((await clientAs(bare, { cookie }).get('/api/discord/roles')).json()).toEqual({
        bot: false,
        roles: [],
      });
      const sync = await clientAs(bare, { cookie }).post('/api/discord/sync');
      expect(sync.statusCode).toBe(503);
      expect(sync.json().error.code).toBe('discord_not_configured');
    } finally {
      await bare.close();
    }
  });
});
