import type {
  DiscordImportReport,
  DiscordSyncReport,
  DiscordSyncStatus,
  MembershipEvent,
  Page,
} from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { teamRoleMembers, users } from '../../src/db/schema.js';
import { createGuildClient } from '../../src/integrations/discord/guild-client.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { discordSyncJob, syncIsDue } from '../../src/services/discord/sync.js';
import {
  defaultFakeUser,
  fakeGuild,
  startFakeDiscord,
  type FakeDiscord,
  type FakeGuild,
} from '../fakes/fake-discord.js';
import { signInThroughFakeDiscord } from '../helpers/discord-sign-in.js';
import { buildAdmin, buildMember, buildTeam } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

// The sync's schedule and its failures, and importing the guild's members as invited members (issue 16),
// against the fake Discord's guild.

const ROLE_MEMBER = '1000000000000000001';
const ROLE_CAPTAIN = '1000000000000000002';

let discord: FakeDiscord;
let guild: FakeGuild;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
let captainRoleId: string;

beforeAll(async () => {
  discord = await startFakeDiscord();
});
afterAll(() => discord.close());

beforeEach(async () => {
  guild = fakeGuild();
  guild.membersIntent = true;
  discord.guild = guild;
  ctx = await createTestContext(
    discord.env({ DISCORD_GUILD_ID: guild.id, DISCORD_BOT_TOKEN: guild.botToken }),
  );
  admin = await buildAdmin(ctx.db, { pseudo: 'Admin', discordId: '9000000000000000001' });
  guild.members.set('9000000000000000001', { username: 'the_admin', roleIds: [] });
  const team = await buildTeam(ctx.db, {
    name: 'Guildhall LoL',
    roles: [{ role: 'Captain', members: [] }],
  });
  captainRoleId = team.roleIds[0]!;
  const mapped = await asAdmin().put('/api/discord/mappings', [
    { discord_role_id: ROLE_CAPTAIN, portal_role: null, team_role_id: captainRoleId },
  ]);
  expect(mapped.statusCode).toBe(204);
});
afterEach(async () => {
  discord.guild = undefined;
  await ctx.close();
});

const asAdmin = () => clientAs(ctx, admin);

const importGuild = async (dryRun: boolean) => {
  const response = await asAdmin().post('/api/discord/import', { dry_run: dryRun });
  expect(response.statusCode).toBe(200);
  return response.json<DiscordImportReport>();
};

/** Every member as the database holds it, for before/after comparisons. */
const allMembers = async () =>
  (await ctx.db.select().from(users)).sort((a, b) => a.id.localeCompare(b.id));

describe('the sync’s schedule', () => {
  it('is hourly until an admin sets another interval, which the schedule then follows', async () => {
    const before = await asAdmin().get('/api/discord/sync');
    expect(before.statusCode).toBe(200);
    expect(before.json<DiscordSyncStatus>()).toMatchObject({
      bot: true,
      interval_minutes: 60,
      last_finished_at: null,
      last_failure: null,
      failing: false,
      running: false,
    });

    expect((await asAdmin().post('/api/discord/sync')).statusCode).toBe(200);
    const synced = (await asAdmin().get('/api/discord/sync')).json<DiscordSyncStatus>();
    const last = Date.parse(synced.last_finished_at!);
    expect(Date.parse(synced.next_at!) - last).toBe(60 * 60_000);
    // Half an hour later, an hourly sync is not due; one every quarter of an hour is.
    const halfAnHourLater = new Date(last + 30 * 60_000);
    expect(await syncIsDue(ctx.db, halfAnHourLater)).toBe(false);

    const saved = await asAdmin().put('/api/discord/sync', { interval_minutes: 15 });
    expect(saved.statusCode).toBe(204);
    const after = (await asAdmin().get('/api/discord/sync')).json<DiscordSyncStatus>();
    expect(after.interval_minutes).toBe(15);
    expect(Date.parse(after.next_at!) - last).toBe(15 * 60_000);
    expect(await syncIsDue(ctx.db, halfAnHourLater)).toBe(true);
  });

  it('refuses an interval it does not offer, keeping the one it had', async () => {
    for (const body of [{ interval_minutes: 1 }, { interval_minutes: '60' }, {}]) {
      const response = await asAdmin().put('/api/discord/sync', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const status = (await asAdmin().get('/api/discord/sync')).json<DiscordSyncStatus>();
    expect(status.interval_minutes).toBe(60);
  });
});

describe('a failed sync', () => {
  const status = async () => (await asAdmin().get('/api/discord/sync')).json<DiscordSyncStatus>();

  it('shows why and when it failed, and the next sync asks Discord again with the token', async () => {
    guild.botToken = 'reset-on-discord'; // Discord refuses the bot's token: 401.
    const failed = await asAdmin().post('/api/discord/sync');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('discord_unavailable');
    const afterFailure = await status();
    expect(afterFailure.last_failure).toEqual({
      code: 'bot_token_refused',
      at: afterFailure.last_finished_at,
    });
    // An admin's sync is not the schedule: nothing for the dashboard.
    expect(afterFailure.failing).toBe(false);

    guild.botToken = 'fake-bot-token'; // Discord takes the token again.
    const synced = await asAdmin().post('/api/discord/sync');
    expect(synced.statusCode).toBe(200);
    expect(synced.json<DiscordSyncReport>().checked).toBe(1);
    expect(guild.unauthorized).toBe(1);
    const afterSuccess = await status();
    // The failure stays on record, older than the sync that worked.
    expect(afterSuccess.last_failure?.code).toBe('bot_token_refused');
    expect(Date.parse(afterSuccess.last_finished_at!)).toBeGreaterThan(
      Date.parse(afterSuccess.last_failure!.at),
    );
  });

  it('is logged as a warning, and tells admins after two scheduled failures in a row until one succeeds', async () => {
    const logged: { level: number; msg: string; failure?: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    // One client for every run, as the server keeps one for the life of the process.
    const client = createGuildClient({
      apiUrl: discord.apiUrl,
      botToken: guild.botToken,
      guildId: guild.id,
      timeoutMs: 5_000,
    });
    let clock = Date.now();
    // The runner the server starts, its clock in the test's hands.
    const runner = createJobRunner({
      db: ctx.db,
      jobs: [discordSyncJob({ db: ctx.db, guild: client, log, scheduled: true })],
      log,
      now: () => new Date(clock),
    });
    const scheduledRun = async () => {
      clock += 61 * 60_000; // an hour on: the sync is due again
      await runner.tick();
      return status();
    };
    const warnings = () =>
      logged.filter(
        (line) => line.level === pino.levels.values.warn && line.msg === 'Discord sync failed',
      );

    guild.botToken = 'reset-on-discord';
    const once = await scheduledRun();
    expect(once).toMatchObject({ last_failure: { code: 'bot_token_refused' }, failing: false });
    expect(warnings()).toEqual([expect.objectContaining({ failure: 'bot_token_refused' })]);

    const twice = await scheduledRun();
    expect(twice).toMatchObject({ last_failure: { code: 'bot_token_refused' }, failing: true });
    // The second run asked Discord again, with the token, rather than failing on its own.
    expect(guild.unauthorized).toBe(2);
    expect(warnings()).toHaveLength(2);

    guild.botToken = 'fake-bot-token';
    const mended = await scheduledRun();
    expect(mended.failing).toBe(false);
    expect(logged.at(-1)).toMatchObject({ msg: 'Discord membership synced', checked: 1 });
  });
});

describe('importing the guild', () => {
  beforeEach(() => {
    guild.members.set('2000000000000000001', {
      username: 'ember',
      globalName: 'Ember',
      roleIds: [ROLE_MEMBER, ROLE_CAPTAIN],
    });
    guild.members.set('2000000000000000002', {
      username: 'kaelith',
      nick: 'Kaelith TTV',
      roleIds: [ROLE_MEMBER],
    });
    guild.members.set('2000000000000000003', { username: 'mee6', roleIds: [], bot: true });
  });

  it('says on a dry run who would be created, and writes nothing', async () => {
    const before = await allMembers();
    const report = await importGuild(true);
    expect(report).toEqual({
      dry_run: true,
      in_guild: 4,
      bots: 1,
      already_members: 1,
      created: 2,
      members: [
        { discord_id: '2000000000000000001', discord_tag: 'ember', pseudo: 'Ember' },
        { discord_id: '2000000000000000002', discord_tag: 'kaelith', pseudo: 'Kaelith TTV' },
      ],
    });
    expect(await allMembers()).toEqual(before);
    const history = await asAdmin().get('/api/discord/history');
    expect(
      history.json<Page<MembershipEvent>>().items.filter((event) => event.kind === 'imported'),
    ).toEqual([]);
  });

  it('creates exactly what the dry run announced: invited members with their mapped team roles', async () => {
    const preview = await importGuild(true);
    const report = await importGuild(false);
    expect(report).toEqual({ ...preview, dry_run: false });

    const ember = (await ctx.db.select().from(users)).find(
      (member) => member.discordId === '2000000000000000001',
    )!;
    expect(ember).toMatchObject({ pseudo: 'Ember', role: 'invited', discordTag: 'ember' });
    expect(
      await ctx.db.select().from(teamRoleMembers).where(eq(teamRoleMembers.userId, ember.id)),
    ).toMatchObject([{ roleId: captainRoleId, source: 'discord' }]);
    const history = (await asAdmin().get(`/api/discord/history?userId=${ember.id}`)).json<
      Page<MembershipEvent>
    >().items;
    expect(history.map((event) => [event.kind, event.detail])).toEqual([
      ['team_role_granted', 'Guildhall LoL · Captain'],
      ['imported', 'ember'],
    ]);
    // No bot became a member.
    expect((await allMembers()).some((member) => member.discordId === '2000000000000000003')).toBe(
      false,
    );

    // Imported again, nothing is created twice.
    expect(await importGuild(false)).toMatchObject({ created: 0, already_members: 3 });
  });

  it('finds the imported member at its first sign-in, by its Discord id', async () => {
    guild.members.set(defaultFakeUser().id, { username: defaultFakeUser().username, roleIds: [] });
    await importGuild(false);
    const imported = (await allMembers()).find(
      (member) => member.discordId === defaultFakeUser().id,
    )!;

    expect(await signInThroughFakeDiscord(ctx)).toBeDefined();

    const withThatAccount = (await allMembers()).filter(
      (member) => member.discordId === defaultFakeUser().id,
    );
    expect(withThatAccount.map((member) => member.id)).toEqual([imported.id]);
  });

  it('gives a member listed by name in the member CSV its Discord account, not a twin', async () => {
    const listed = await buildMember(ctx.db, { pseudo: 'Kae', discordTag: 'Kaelith' });
    const report = await importGuild(false);
    expect(report).toMatchObject({ created: 1, already_members: 2 });
    expect(report.members.map((member) => member.pseudo)).toEqual(['Ember']);
    const [claimed] = await ctx.db.select().from(users).where(eq(users.id, listed.id));
    expect(claimed).toMatchObject({ pseudo: 'Kae', discordId: '2000000000000000002' });
  });

  it('gives a taken pseudo a suffix rather than failing', async () => {
    await buildMember(ctx.db, { pseudo: 'Ember' });
    const report = await importGuild(false);
    expect(report.members.map((member) => member.pseudo)).toEqual(['Ember-2', 'Kaelith TTV']);
  });

  it('needs the Server Members intent, and says so without writing anything', async () => {
    guild.membersIntent = false;
    const before = await allMembers();
    const response = await asAdmin().post('/api/discord/import', { dry_run: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('discord_members_intent_missing');
    expect(await allMembers()).toEqual(before);
  });
});

describe('without a bot token', () => {
  it('shows the schedule as idle and refuses the import', async () => {
    await ctx.close();
    ctx = await createTestContext(discord.env({ DISCORD_GUILD_ID: guild.id }));
    admin = await buildAdmin(ctx.db, { pseudo: 'Admin' });
    const status = (await asAdmin().get('/api/discord/sync')).json<DiscordSyncStatus>();
    expect(status).toMatchObject({ bot: false, next_at: null });
    const response = await asAdmin().post('/api/discord/import', { dry_run: true });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('discord_not_configured');
  });
});
