import type { LinkProvider } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, users, type UserRow } from '../../src/db/schema.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { linkSocialAccount } from '../../src/services/users/link-social-account.js';
import {
  startFakeOAuthProvider,
  type FakeOAuthProvider,
  type FakeSocialAccount,
} from '../fakes/fake-oauth-provider.js';
import { buildMember, signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

const STATE_COOKIE = 'guildhall_oauth_state';
const CONNECTIONS = '/settings/profile?tab=connections';

const fakes = {} as Record<LinkProvider, FakeOAuthProvider>;
beforeAll(async () => {
  fakes.twitch = await startFakeOAuthProvider('twitch');
  fakes.twitter = await startFakeOAuthProvider('twitter');
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

const providers = [
  { provider: 'twitch', column: 'twitchLogin', field: 'twitch_login', scope: '' },
  {
    provider: 'twitter',
    column: 'twitterLogin',
    field: 'twitter_login',
    scope: 'users.read tweet.read',
  },
] as const;

describe('linking social accounts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      ...fakes.twitch.env(),
      ...fakes.twitter.env(),
      // Every test here walks the OAuth round trip: more than the default 30 a minute.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    for (const fake of Object.values(fakes)) fake.reset();
  });

  it('says which providers can be linked', async () => {
    const methods = await clientAs(ctx, 'anonymous').get('/auth/methods');
    expect(methods.json()).toMatchObject({ twitch: true, twitter: true });
  });

  describe.each(providers)('with $provider', ({ provider, column, field, scope }) => {
    const fake = () => fakes[provider];

    /** A provider account nobody has linked yet: each test makes its own data. */
    const freshAccount = (): FakeSocialAccount => {
      const suffix = randomBytes(4).toString('hex');
      return { id: String(Date.now()), login: `Nelly_${suffix}`, displayName: 'Nelly' };
    };

    const storedLogin = async (member: UserRow) => {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, member.id));
      return row?.[column] ?? null;
    };

    const start = (cookie?: string) =>
      clientAs(ctx, cookie ? { cookie } : 'anonymous').get(`/auth/${provider}`);

    /** The member's browser starts, the member answers the consent screen; not back yet. */
    async function untilCallback(sessionCookie: string) {
      const started = await start(sessionCookie);
      expect(started.statusCode).toBe(302);
      const state = started.cookies.find((cookie) => cookie.name === STATE_COOKIE)!.value;
      const atProvider = await fetch(started.headers.location!, { redirect: 'manual' });
      expect(atProvider.status).toBe(302);
      const back = new URL(atProvider.headers.get('location')!);
      return { back, state };
    }

    const callback = (back: URL, cookie: string) =>
      clientAs(ctx, cookie ? { cookie } : 'anonymous').get(`${back.pathname}${back.search}`);

    /** The whole round trip in one browser. */
    async function linkThrough(sessionCookie: string) {
      const { back, state } = await untilCallback(sessionCookie);
      const response = await callback(back, `${sessionCookie}; ${STATE_COOKIE}=${state}`);
      return { back, state, response };
    }

    const failure = (reason: string) => `${CONNECTIONS}&link_error=${reason}&provider=${provider}`;

    it('redirects to the provider with state, PKCE S256, the client id and the callback', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const response = await start(cookie);
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location!);
      expect(`${location.origin}${location.pathname}`).toBe(fake().authorizeUrl);
      expect(location.searchParams.get('response_type')).toBe('code');
      expect(location.searchParams.get('client_id')).toBe(fake().clientId);
      expect(location.searchParams.get('redirect_uri')).toBe(
        `http://localhost:5000/auth/${provider}/callback`,
      );
      expect(location.searchParams.get('scope')).toBe(scope);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const state = location.searchParams.get('state')!;
      expect(state.length).toBeGreaterThanOrEqual(32);

      const cookieSet = response.cookies.find((candidate) => candidate.name === STATE_COOKIE);
      expect(cookieSet).toMatchObject({
        value: state,
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: `/auth/${provider}`,
      });
      // The attempt belongs to this member; only a hash of the state is kept.
      const [attempt] = await ctx.db
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.stateHash, sha256Hex(state)));
      expect(attempt).toMatchObject({ provider, userId: member.id });
    });

    it('stores the login, says so on the connections tab, and GET /api/user shows it', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const account = freshAccount();
      fake().behaviour.account = account;
      const { response } = await linkThrough(cookie);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${CONNECTIONS}&linked=${provider}`);
      const cleared = response.cookies.find((candidate) => candidate.name === STATE_COOKIE);
      expect(cleared?.value).toBe('');

      expect(await storedLogin(member)).toBe(account.login);
      const me = await clientAs(ctx, { cookie }).get('/api/user');
      expect(me.json()[field]).toBe(account.login);
    });

    it('refuses to start for an anonymous visitor with 401', async () => {
      const response = await start();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      expect(response.cookies.find((candidate) => candidate.name === STATE_COOKIE)).toBeUndefined();
    });

    it('sends a visitor who comes back signed out to the landing page, and spends the state', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = freshAccount();
      const { back, state } = await untilCallback(cookie);
      const signedOut = await callback(back, `${STATE_COOKIE}=${state}`);
      expect(signedOut.statusCode).toBe(302);
      expect(signedOut.headers.location).toBe('/');
      const later = await callback(back, `${cookie}; ${STATE_COOKIE}=${state}`);
      expect(later.headers.location).toBe(failure('invalid_state'));
      expect(await storedLogin(member)).toBeNull();
    });

    it('refuses a forged state and stores nothing', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = freshAccount();
      const { back } = await untilCallback(cookie);
      back.searchParams.set('state', 'forged-state-value');
      const response = await callback(back, `${cookie}; ${STATE_COOKIE}=forged-state-value`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(failure('invalid_state'));
      expect(await storedLogin(member)).toBeNull();
    });

    it('refuses a state that comes back to another browser', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = freshAccount();
      const { back } = await untilCallback(cookie);
      const response = await callback(back, cookie);
      expect(response.headers.location).toBe(failure('invalid_state'));
      expect(await storedLogin(member)).toBeNull();
    });

    it('refuses a state used twice', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const account = freshAccount();
      fake().behaviour.account = account;
      const { back, state, response } = await linkThrough(cookie);
      expect(response.headers.location).toBe(`${CONNECTIONS}&linked=${provider}`);
      const replay = await callback(back, `${cookie}; ${STATE_COOKIE}=${state}`);
      expect(replay.headers.location).toBe(failure('invalid_state'));
      expect(await storedLogin(member)).toBe(account.login);
    });

    it('refuses an attempt that comes back under another member’s session', async () => {
      const starter = await signedInAs(ctx.db, ctx.config, 'user');
      const other = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = freshAccount();
      const { back, state } = await untilCallback(starter.cookie);
      const response = await callback(back, `${other.cookie}; ${STATE_COOKIE}=${state}`);
      expect(response.headers.location).toBe(failure('invalid_state'));
      expect(await storedLogin(starter.member)).toBeNull();
      expect(await storedLogin(other.member)).toBeNull();
    });

    it('explains a refused consent', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.consent = 'deny';
      const { response } = await linkThrough(cookie);
      expect(response.headers.location).toBe(failure('access_denied'));
      expect(await storedLogin(member)).toBeNull();
    });

    it('explains a token endpoint that answers 500', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = freshAccount();
      fake().behaviour.tokenFails = true;
      const { response } = await linkThrough(cookie);
      expect(response.headers.location).toBe(failure('provider_unavailable'));
      expect(await storedLogin(member)).toBeNull();
    });

    it('explains a user endpoint that fails', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = freshAccount();
      fake().behaviour.profileFails = true;
      const { response } = await linkThrough(cookie);
      expect(response.headers.location).toBe(failure('provider_unavailable'));
      expect(await storedLogin(member)).toBeNull();
    });

    it('refuses an account linked to another member, whatever the case; the other keeps it', async () => {
      const account = freshAccount();
      const holder = await buildMember(ctx.db, { [column]: account.login.toUpperCase() });
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      fake().behaviour.account = account;
      const { response } = await linkThrough(cookie);
      expect(response.headers.location).toBe(failure('already_linked'));
      expect(await storedLogin(member)).toBeNull();
      expect(await storedLogin(holder)).toBe(account.login.toUpperCase());
    });

    it('links the same account again, and replaces it with another', async () => {
      const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
      const first = freshAccount();
      fake().behaviour.account = first;
      expect((await linkThrough(cookie)).response.headers.location).toBe(
        `${CONNECTIONS}&linked=${provider}`,
      );
      expect((await linkThrough(cookie)).response.headers.location).toBe(
        `${CONNECTIONS}&linked=${provider}`,
      );
      expect(await storedLogin(member)).toBe(first.login);

      const second = freshAccount();
      fake().behaviour.account = second;
      await linkThrough(cookie);
      expect(await storedLogin(member)).toBe(second.login);
    });

    it('gives an account two members race for to one of them only', async () => {
      const login = freshAccount().login;
      const racers = [await buildMember(ctx.db), await buildMember(ctx.db)];
      const results = await Promise.all(
        racers.map((racer) =>
          linkSocialAccount({ db: ctx.db, memberId: racer.id, provider, login }),
        ),
      );
      expect(results.sort()).toEqual(['already_linked', 'linked']);
      const holders = await Promise.all(racers.map(storedLogin));
      expect(holders.filter((held) => held === login)).toHaveLength(1);
    });
  });
});

describe('the fake providers hold clients to their protocols', () => {
  /** Obtains a code for the given PKCE challenge straight from the fake. */
  async function codeFrom(fake: FakeOAuthProvider, challenge: string) {
    const authorize = new URL(fake.authorizeUrl);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: 'http://localhost:5000/callback',
      scope: 'users.read tweet.read',
      state: 'some-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(authorize, { redirect: 'manual' });
    return new URL(response.headers.get('location')!).searchParams.get('code')!;
  }

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  const tokenRequest = (
    fake: FakeOAuthProvider,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    fetch(fake.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: 'http://localhost:5000/callback',
        ...form,
      }),
    });

  const basic = (fake: FakeOAuthProvider) =>
    `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;

  it('Twitch takes the client credentials in the body, not in HTTP Basic', async () => {
    const fake = fakes.twitch;
    const refused = await tokenRequest(
      fake,
      { code: await codeFrom(fake, challenge), code_verifier: verifier },
      { authorization: basic(fake) },
    );
    expect(refused.status).toBe(403);
    const accepted = await tokenRequest(fake, {
      code: await codeFrom(fake, challenge),
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    expect(accepted.status).toBe(200);
  });

  it('Twitter takes HTTP Basic and requires PKCE S256', async () => {
    const fake = fakes.twitter;
    const withoutPkce = new URL(fake.authorizeUrl);
    withoutPkce.search = `response_type=code&client_id=${fake.clientId}&redirect_uri=http://localhost:5000/callback&state=s`;
    expect((await fetch(withoutPkce, { redirect: 'manual' })).status).toBe(400);

    const inBody = await tokenRequest(fake, {
      code: await codeFrom(fake, challenge),
      code_verifier: verifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    expect(inBody.status).toBe(401);
    const wrongVerifier = await tokenRequest(
      fake,
      { code: await codeFrom(fake, challenge), code_verifier: `${verifier.slice(1)}x` },
      { authorization: basic(fake) },
    );
    expect(wrongVerifier.status).toBe(400);
    const accepted = await tokenRequest(
      fake,
      { code: await codeFrom(fake, challenge), code_verifier: verifier },
      { authorization: basic(fake) },
    );
    expect(accepted.status).toBe(200);
  });
});

describe('without Twitch or Twitter credentials', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('offers no linking', async () => {
    const methods = await clientAs(ctx, 'anonymous').get('/auth/methods');
    expect(methods.json()).toMatchObject({ twitch: false, twitter: false });
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    for (const provider of ['twitch', 'twitter']) {
      const response = await clientAs(ctx, { cookie }).get(`/auth/${provider}`);
      expect(response.statusCode).toBe(404);
    }
  });
});
