import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { buildMember } from '../helpers/factories.js';
import { createTestContext, sessionCookieFrom, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_AGE_MINUTES: '600' });
});
afterAll(() => ctx.close());

const signInLocally = (pseudo: string) =>
  ctx.app.inject({ method: 'POST', url: '/auth/local', payload: { pseudo } });
const getMe = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe('sessions', () => {
  it('sets an HttpOnly, Secure, SameSite=Lax cookie on path / that holds a 256-bit token', async () => {
    const response = await signInLocally('cookie-check');
    const cookie = response.cookies.find((candidate) => candidate.name === 'guildhall_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
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
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((candidate) => candidate.name === 'guildhall_session');
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
    expect((await getMe('guildhall_session=not-a-real-token')).statusCode).toBe(401);
    expect((await getMe('guildhall_session=')).statusCode).toBe(401);
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
