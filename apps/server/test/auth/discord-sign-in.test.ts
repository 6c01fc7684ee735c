import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { defaultFakeUser, startFakeDiscord, type FakeDiscord } from '../fakes/fake-discord.js';
import { buildAdmin, buildMember } from '../helpers/factories.js';
import {
  clientAs,
  createTestContext,
  sessionCookieFrom,
  type TestContext,
} from '../helpers/test-app.js';

const GUILD_ID = '613425648685547541';

let discord: FakeDiscord;
beforeAll(async () => {
  discord = await startFakeDiscord();
});
afterAll(() => discord.close());

/** Walks the browser's part of the flow: start, consent at the provider, come back. */
async function signInThroughDiscord(ctx: TestContext) {
  const start = await clientAs(ctx, 'anonymous').get('/auth/discord');
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((cookie) => cookie.name === 'guildhall_oauth_state')!;
  const atProvider = await fetch(start.headers.location!, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await clientAs(ctx, {
    cookie: `guildhall_oauth_state=${stateCookie.value}`,
  }).get(`${back.pathname}${back.search}`);
  return { start, back, callback, stateCookie: stateCookie.value };
}

const countMembers = async (ctx: TestContext) => (await ctx.db.select().from(users)).length;

describe('sign-in with Discord', () => {
  let ctx: TestContext;
  afterEach(async () => {
    discord.behaviour = { user: defaultFakeUser(), consent: 'allow', tokenFails: false };
    await ctx.close();
  });

  it('redirects to Discord with state, PKCE S256 and the identify and email scopes', async () => {
    ctx = await createTestContext(discord.env());
    const response = await clientAs(ctx, 'anonymous').get('/auth/discord');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(discord.authorizeUrl);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe('fake-client-id');
    expect(location.searchParams.get('redirect_uri')).toBe(
      'http://localhost:5000/auth/discord/callback',
    );
    expect(location.searchParams.get('scope')).toBe('identify email');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = location.searchParams.get('state');
    expect(state).toBeTruthy();
    const cookie = response.cookies.find((candidate) => candidate.name === 'guildhall_oauth_state');
    expect(cookie).toMatchObject({ value: state, httpOnly: true, secure: true, sameSite: 'Lax' });
  });

  it('asks for guild membership when a Discord server is configured', async () => {
    ctx = await createTestContext(discord.env({ DISCORD_GUILD_ID: GUILD_ID }));
    const response = await clientAs(ctx, 'anonymous').get('/auth/discord');
    const scope = new URL(response.headers.location!).searchParams.get('scope');
    expect(scope).toBe('identify email guilds.members.read');
  });

  it('creates the first member as admin, starts a session and lands on the dashboard', async () => {
    ctx = await createTestContext(discord.env());
    const { callback } = await signInThroughDiscord(ctx);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const cookie = sessionCookieFrom(callback);
    expect(cookie).toBeDefined();

    const me = await clientAs(ctx, { cookie: cookie! }).get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      pseudo: 'Nelly',
      role: 'admin',
      discord_tag: 'nelly',
      email: 'nelly@example.com',
      discord_avatar_url:
        'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    });
  });

  it('creates later members as invited, and designated admins as admin', async () => {
    ctx = await createTestContext(
      discord.env({ ADMIN_DISCORD_IDS: '111111111111111111, 222222222222222222' }),
    );
    await buildAdmin(ctx.db);

    discord.behaviour.user = {
      ...defaultFakeUser(),
      id: '999999999999999999',
      username: 'newcomer',
      global_name: null,
    };
    const invited = await signInThroughDiscord(ctx);
    const invitedMe = await clientAs(ctx, { cookie: sessionCookieFrom(invited.callback)! }).get(
      '/api/user',
    );
    expect(invitedMe.json()).toMatchObject({ pseudo: 'newcomer', role: 'invited' });

    discord.behaviour.user = {
      ...defaultFakeUser(),
      id: '222222222222222222',
      username: 'boss',
      global_name: 'Boss',
    };
    const designated = await signInThroughDiscord(ctx);
    const designatedMe = await clientAs(ctx, {
      cookie: sessionCookieFrom(designated.callback)!,
    }).get('/api/user');
    expect(designatedMe.json()).toMatchObject({ pseudo: 'Boss', role: 'admin' });
  });

  it('updates a returning member and gives a new session token at every sign-in', async () => {
    ctx = await createTestContext(discord.env());
    const first = await signInThroughDiscord(ctx);
    discord.behaviour.user = { ...defaultFakeUser(), username: 'nelly.renamed', avatar: null };
    const second = await signInThroughDiscord(ctx);
    expect(sessionCookieFrom(second.callback)).not.toBe(sessionCookieFrom(first.callback));
    expect(await countMembers(ctx)).toBe(1);
    const [member] = await ctx.db.select().from(users);
    expect(member).toMatchObject({
      discordTag: 'nelly.renamed',
      discordAvatarUrl: null,
      pseudo: 'Nelly',
    });
  });

  it('gives the member an admin listed with this Discord name to its first sign-in', async () => {
    ctx = await createTestContext(discord.env());
    await buildAdmin(ctx.db);
    discord.behaviour.user = { ...defaultFakeUser(), username: 'listed.player' };
    // Imported from the member list (the CSV's discord column), never signed in with Discord.
    const listed = await buildMember(ctx.db, { pseudo: 'Listed', discordTag: 'Listed.Player' });
    const { callback } = await signInThroughDiscord(ctx);
    const me = await clientAs(ctx, { cookie: sessionCookieFrom(callback)! }).get('/api/user');
    expect(me.json()).toMatchObject({ _id: listed.id, pseudo: 'Listed' });
    expect(await countMembers(ctx)).toBe(2);
    const [claimed] = await ctx.db.select().from(users).where(eq(users.id, listed.id));
    expect(claimed).toMatchObject({
      discordId: defaultFakeUser().id,
      discordTag: 'listed.player',
    });
  });

  it('makes a new member when two unclaimed members share the Discord name', async () => {
    ctx = await createTestContext(discord.env());
    await buildAdmin(ctx.db);
    discord.behaviour.user = { ...defaultFakeUser(), username: 'twice.listed' };
    await buildMember(ctx.db, { discordTag: 'twice.listed' });
    await buildMember(ctx.db, { discordTag: 'twice.listed' });
    await signInThroughDiscord(ctx);
    expect(await countMembers(ctx)).toBe(4);
  });

  it('gives a taken pseudo a suffix instead of refusing the newcomer', async () => {
    ctx = await createTestContext(discord.env());
    await buildAdmin(ctx.db, { pseudo: 'Nelly' });
    const { callback } = await signInThroughDiscord(ctx);
    const me = await clientAs(ctx, { cookie: sessionCookieFrom(callback)! }).get('/api/user');
    expect(me.json().pseudo).toBe('Nelly-2');
  });

  it('refuses a forged state and creates nothing', async () => {
    ctx = await createTestContext(discord.env());
    const { back, stateCookie } = await signInThroughDiscordUntilCallback(ctx);
    back.searchParams.set('state', 'forged-state-value');
    const callback = await clientAs(ctx, {
      cookie: `guildhall_oauth_state=forged-state-value`,
    }).get(`${back.pathname}${back.search}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/?auth_error=invalid_state');
    expect(sessionCookieFrom(callback)).toBeUndefined();
    expect(stateCookie).not.toBe('forged-state-value');
    expect(await countMembers(ctx)).toBe(0);
  });

  it('refuses a state that comes back to another browser', async () => {
    ctx = await createTestContext(discord.env());
    const { back } = await signInThroughDiscordUntilCallback(ctx);
    const callback = await clientAs(ctx, 'anonymous').get(`${back.pathname}${back.search}`);
    expect(callback.headers.location).toBe('/?auth_error=invalid_state');
    expect(await countMembers(ctx)).toBe(0);
  });

  it('refuses a state used twice', async () => {
    ctx = await createTestContext(discord.env());
    const { back, callback, stateCookie } = await signInThroughDiscord(ctx);
    expect(callback.headers.location).toBe('/dashboard');
    const replay = await clientAs(ctx, { cookie: `guildhall_oauth_state=${stateCookie}` }).get(
      `${back.pathname}${back.search}`,
    );
    expect(replay.headers.location).toBe('/?auth_error=invalid_state');
    expect(sessionCookieFrom(replay)).toBeUndefined();
  });

  it('sends a member who refuses consent back to the landing page with a message', async () => {
    ctx = await createTestContext(discord.env());
    discord.behaviour.consent = 'deny';
    const { callback } = await signInThroughDiscord(ctx);
    expect(callback.headers.location).toBe('/?auth_error=access_denied');
    expect(sessionCookieFrom(callback)).toBeUndefined();
    expect(await countMembers(ctx)).toBe(0);
  });

  it('explains a provider that answers 500, and creates no account', async () => {
    ctx = await createTestContext(discord.env());
    discord.behaviour.tokenFails = true;
    const { callback } = await signInThroughDiscord(ctx);
    expect(callback.headers.location).toBe('/?auth_error=provider_unavailable');
    expect(sessionCookieFrom(callback)).toBeUndefined();
    expect(await countMembers(ctx)).toBe(0);
  });

  it('turns away someone outside the Discord server, and creates no account', async () => {
    ctx = await createTestContext(discord.env({ DISCORD_GUILD_ID: GUILD_ID }));
    discord.behaviour.user = { ...defaultFakeUser(), guilds: ['1'] };
    const { callback } = await signInThroughDiscord(ctx);
    expect(callback.headers.location).toBe('/?auth_error=not_guild_member');
    expect(sessionCookieFrom(callback)).toBeUndefined();
    expect(await countMembers(ctx)).toBe(0);
  });

  it('lets a member of the Discord server in', async () => {
    ctx = await createTestContext(discord.env({ DISCORD_GUILD_ID: GUILD_ID }));
    discord.behaviour.user = { ...defaultFakeUser(), guilds: [GUILD_ID] };
    const { callback } = await signInThroughDiscord(ctx);
    expect(callback.headers.location).toBe('/dashboard');
    const [member] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.discordId, defaultFakeUser().id));
    expect(member?.role).toBe('admin');
  });

  it('has no local sign-in once Discord is configured', async () => {
    ctx = await createTestContext(discord.env());
    const response = await clientAs(ctx, 'anonymous').post('/auth/local', { pseudo: 'Mallory' });
    expect(response.statusCode).toBe(404);
    const methods = await clientAs(ctx, 'anonymous').get('/auth/methods');
    expect(methods.json()).toEqual({
      discord: true,
      local: false,
      twitch: false,
      twitter: false,
      riot: false,
    });
  });
});

/** Starts and consents, but stops before the callback. */
async function signInThroughDiscordUntilCallback(ctx: TestContext) {
  const start = await clientAs(ctx, 'anonymous').get('/auth/discord');
  const stateCookie = start.cookies.find(
    (cookie) => cookie.name === 'guildhall_oauth_state',
  )!.value;
  const atProvider = await fetch(start.headers.location!, { redirect: 'manual' });
  return { back: new URL(atProvider.headers.get('location')!), stateCookie };
}

describe('designated admins', () => {
  it('make the first member who is not listed invited, not admin', async () => {
    const ctx = await createTestContext(discord.env({ ADMIN_DISCORD_IDS: '222222222222222222' }));
    try {
      discord.behaviour.user = { ...defaultFakeUser(), id: '999999999999999990' };
      const { callback } = await signInThroughDiscord(ctx);
      const me = await clientAs(ctx, { cookie: sessionCookieFrom(callback)! }).get('/api/user');
      expect(me.json().role).toBe('invited');
    } finally {
      discord.behaviour = { user: defaultFakeUser(), consent: 'allow', tokenFails: false };
      await ctx.close();
    }
  });
});
