import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_SESSION_COOKIE, SESSION_COOKIE, createSession } from '../../src/auth/sessions.js';
import { sessions, users } from '../../src/db/schema.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { buildMember } from '../helpers/factories.js';
import {
  clientAs,
  createTestContext,
  sessionCookieFrom,
  type TestContext,
} from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_AGE_MINUTES: '600' });
});
afterAll(() => ctx.close());

const signInLocally = (pseudo: string) =>
  clientAs(ctx, 'anonymous').post('/auth/local', { pseudo });
const getMe = (cookie: string) => clientAs(ctx, { cookie }).get('/api/user');
const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe('sessions', () => {
  it('sets a __Host- cookie, HttpOnly, Secure, SameSite=Lax, on path / without domain, that holds a 256-bit token', async () => {
    const response = await signInLocally('cookie-check');
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)!;
    expect(SESSION_COOKIE).toBe('__Host-guildhall_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);
  });

  it('stores only the SHA-256 of the token', async () => {
    const cookie = sessionCookieFrom(await signInLocally('hash-check'))!;
    const stored = await ctx.db.select().from(sessions);
    const serialized = JSON.stringify(stored);
    expect(serialized).not.toContain(tokenOf(cookie));
    expect(stored.map((row) => row.tokenHash)).toContain(sha256Hex(tokenOf(cookie)));
  });

  it('gives a new token at every sign-in, and both sessions work', async () => {
    const first = sessionCookieFrom(await signInLocally('twice'))!;
    const second = sessionCookieFrom(await signInLocally('twice'))!;
    expect(second).not.toBe(first);
    expect((await getMe(first)).statusCode).toBe(200);
    expect((await getMe(second)).statusCode).toBe(200);
  });

  it('ends the session at logout: the old cookie gets 401', async () => {
    const cookie = sessionCookieFrom(await signInLocally('leaving'))!;
    const logout = await clientAs(ctx, { cookie }).post('/auth/logout');
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect((await getMe(cookie)).statusCode).toBe(401);
    const remaining = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(tokenOf(cookie))));
    expect(remaining).toHaveLength(0);
  });

  it('refuses a session idle for longer than the idle lifetime', async () => {
    const cookie = sessionCookieFrom(await signInLocally('idler'))!;
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.tokenHash, sha256Hex(tokenOf(cookie))));
    expect((await getMe(cookie)).statusCode).toBe(401);
  });

  it('keeps an active session alive past the idle lifetime', async () => {
    const cookie = sessionCookieFrom(await signInLocally('active'))!;
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.tokenHash, sha256Hex(tokenOf(cookie))));
    expect((await getMe(cookie)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(tokenOf(cookie))));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('refuses a session past its absolute lifetime, however active', async () => {
    const cookie = sessionCookieFrom(await signInLocally('veteran'))!;
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(tokenOf(cookie))));
    expect((await getMe(cookie)).statusCode).toBe(401);
  });

  it("clears the member's ended sessions when it signs in again", async () => {
    const cookie = sessionCookieFrom(await signInLocally('tidy'))!;
    const ended = sha256Hex(tokenOf(cookie));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, ended));
    await signInLocally('tidy');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.tokenHash, ended))).toHaveLength(
      0,
    );
  });

  it('refuses an unknown or malformed token', async () => {
    expect((await getMe(`${SESSION_COOKIE}=not-a-real-token`)).statusCode).toBe(401);
    expect((await getMe(`${SESSION_COOKIE}=`)).statusCode).toBe(401);
    expect((await getMe(`${LEGACY_SESSION_COOKIE}=not-a-real-token`)).statusCode).toBe(401);
  });

  it('deleting a member deletes its sessions', async () => {
    const member = await buildMember(ctx.db);
    const cookie = sessionCookieFrom(await signInLocally(member.pseudo))!;
    await ctx.db.delete(users).where(eq(users.id, member.id));
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(
      0,
    );
    expect((await getMe(cookie)).statusCode).toBe(401);
  });

  it('takes role changes into account on the next request', async () => {
    const member = await buildMember(ctx.db, { role: 'guest' });
    const cookie = sessionCookieFrom(await signInLocally(member.pseudo))!;
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, member.id));
    expect((await getMe(cookie)).json().role).toBe('user');
  });
});

/** A session started before the cookie took the `__Host-` prefix, as its browser still sends it. */
async function legacySession(pseudo: string) {
  const member = await buildMember(ctx.db, { pseudo });
  const { token } = await createSession(ctx.db, member.id, ctx.config.session);
  return { member, token, cookie: `${LEGACY_SESSION_COOKIE}=${token}` };
}

const setCookieHeaders = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie'] ?? []].flat().map(String);

describe('sessions under the cookie name of earlier versions', () => {
  it('are still signed in', async () => {
    const { member, cookie } = await legacySession('old-timer');
    const me = await getMe(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(member.id);
  });

  it('prefer the new name when a browser sends both', async () => {
    const old = await legacySession('both-names');
    const fresh = sessionCookieFrom(await signInLocally('both-names-new'))!;
    const me = await getMe(`${old.cookie}; ${fresh}`);
    expect(me.json().pseudo).toBe('both-names-new');
  });

  it('end at logout, which clears the cookie under both names', async () => {
    const { token, cookie } = await legacySession('old-leaver');
    const logout = await clientAs(ctx, { cookie }).post('/auth/logout');
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.filter((candidate) => candidate.value === '');
    expect(cleared.map((candidate) => candidate.name).sort()).toEqual(
      [LEGACY_SESSION_COOKIE, SESSION_COOKIE].sort(),
    );
    for (const candidate of cleared) {
      expect(candidate).toMatchObject({ path: '/', secure: true, httpOnly: true });
      expect(candidate.expires!.getTime()).toBeLessThan(Date.now());
    }
    expect((await getMe(cookie)).statusCode).toBe(401);
    const remaining = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(remaining).toHaveLength(0);
  });

  it('are replaced at the next sign-in by a cookie under the new name only, the old one cleared', async () => {
    const { member, cookie } = await legacySession('old-returner');
    const response = await clientAs(ctx, { cookie }).post('/auth/local', { pseudo: member.pseudo });
    expect(response.statusCode).toBe(200);
    const withValue = response.cookies.filter((candidate) => candidate.value !== '');
    expect(withValue.map((candidate) => candidate.name)).toEqual([SESSION_COOKIE]);
    const legacy = response.cookies.find((candidate) => candidate.name === LEGACY_SESSION_COOKIE);
    expect(legacy?.value).toBe('');
    expect(legacy!.expires!.getTime()).toBeLessThan(Date.now());
    expect(setCookieHeaders(response).every((header) => !/domain=/i.test(header))).toBe(true);
    expect((await getMe(sessionCookieFrom(response)!)).json()._id).toBe(member.id);
  });
});

describe('the write rate limit of a session under the cookie name of earlier versions', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => limited.close());

  const write = (cookie: string) => clientAs(limited, { cookie }).put('/api/user', {});

  it('counts per member, whichever name carries the token, not per address', async () => {
    const old = await buildMember(limited.db);
    const { token } = await createSession(limited.db, old.id, limited.config.session);
    expect((await write(`${LEGACY_SESSION_COOKIE}=${token}`)).statusCode).not.toBe(429);
    expect((await write(`${LEGACY_SESSION_COOKIE}=${token}`)).statusCode).not.toBe(429);
    expect((await write(`${SESSION_COOKIE}=${token}`)).statusCode).toBe(429);
    // Another member behind the same address has a bucket of its own.
    const other = await buildMember(limited.db);
    const otherSession = await createSession(limited.db, other.id, limited.config.session);
    expect((await write(`${SESSION_COOKIE}=${otherSession.token}`)).statusCode).not.toBe(429);
  });
});
