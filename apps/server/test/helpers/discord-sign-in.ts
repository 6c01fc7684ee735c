import { clientAs, sessionCookieFrom, type TestContext } from './test-app.js';

/**
 * A browser's sign-in through the fake Discord: start, consent at Discord (as the fake's
 * behaviour says), come back to the callback. Returns the session cookie, if one was set.
 */
export async function signInThroughFakeDiscord(ctx: TestContext): Promise<string | undefined> {
  const start = await clientAs(ctx, 'anonymous').get('/auth/discord');
  const state = start.cookies.find((cookie) => cookie.name === 'guildhall_oauth_state')!;
  const atDiscord = await fetch(start.headers.location!, { redirect: 'manual' });
  const back = new URL(atDiscord.headers.get('location')!);
  const callback = await clientAs(ctx, { cookie: `guildhall_oauth_state=${state.value}` }).get(
    `${back.pathname}${back.search}`,
  );
  return sessionCookieFrom(callback);
}
