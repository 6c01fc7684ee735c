import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { startFakeDiscord } from '../fakes/fake-discord.js';
import { buildMember } from '../helpers/factories.js';
import {
  clientAs,
  createTestContext,
  sessionCookieFrom,
  type TestContext,
} from '../helpers/test-app.js';

let ctx: TestContext;
afterEach(() => ctx.close());

const signInLocally = (payload: unknown) =>
  clientAs(ctx, 'anonymous').post('/auth/local', payload as object);

describe('local sign-in', () => {
  it('is offered in local mode', async () => {
    ctx = await createTestContext();
    const methods = await clientAs(ctx, 'anonymous').get('/auth/methods');
    expect(methods.json()).toEqual({
      discord: false,
      local: true,
      twitch: false,
      twitter: false,
      riot: false,
    });
  });

  it('creates the member: the first one admin, the next ones invited', async () => {
    ctx = await createTestContext();
    const first = await signInLocally({ pseudo: 'Alice' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      pseudo: 'Alice',
      role: 'admin',
      teams: [],
      rolesByTeam: {},
    });
    const second = await signInLocally({ pseudo: 'Bob' });
    expect(second.json()).toMatchObject({ pseudo: 'Bob', role: 'invited', adhesion: false });
  });

  it('makes the first person to sign in admin even when demo members exist', async () => {
    ctx = await createTestContext();
    await buildMember(ctx.db, { role: 'user' });
    await buildMember(ctx.db, { role: 'guest' });
    expect((await signInLocally({ pseudo: 'Founder' })).json().role).toBe('admin');
  });

  it('makes the pseudos of LOCAL_ADMIN_PSEUDOS admin, new or existing', async () => {
    ctx = await createTestContext({ LOCAL_ADMIN_PSEUDOS: 'Boss, e2e-admin' });
    await buildMember(ctx.db, { role: 'admin' });
    const existing = await buildMember(ctx.db, { pseudo: 'Boss', role: 'guest' });
    expect((await signInLocally({ pseudo: 'boss' })).json()).toMatchObject({
      _id: existing.id,
      role: 'admin',
    });
    expect((await signInLocally({ pseudo: 'e2e-admin' })).json().role).toBe('admin');
    expect((await signInLocally({ pseudo: 'someone' })).json().role).toBe('invited');
  });

  it('signs an existing member in, whatever the case of its pseudo', async () => {
    ctx = await createTestContext();
    const existing = await buildMember(ctx.db, { pseudo: 'Kaelith', role: 'user' });
    const response = await signInLocally({ pseudo: '  kaelith ' });
    expect(response.json()).toMatchObject({ _id: existing.id, pseudo: 'Kaelith', role: 'user' });
    expect(sessionCookieFrom(response)).toBeDefined();
    expect(await ctx.db.select().from(users)).toHaveLength(1);
  });

  it.each([
    ['too short', { pseudo: 'A' }],
    ['too long', { pseudo: 'x'.repeat(33) }],
    ['blank', { pseudo: '   ' }],
    ['missing', {}],
    ['not a string', { pseudo: 42 }],
  ])(
    'refuses a pseudo that is %s with 400 naming the field, and creates nothing',
    async (_case, body) => {
      ctx = await createTestContext();
      const response = await signInLocally(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(
        'body.pseudo',
      );
      expect(sessionCookieFrom(response)).toBeUndefined();
      expect(await ctx.db.select().from(users)).toHaveLength(0);
    },
  );

  it('does not exist in production', async () => {
    const discord = await startFakeDiscord();
    try {
      ctx = await createTestContext(
        discord.env({ NODE_ENV: 'production', VAULT_KEY: Buffer.alloc(32, 7).toString('base64') }),
      );
      const response = await signInLocally({ pseudo: 'Mallory' });
      expect(response.statusCode).toBe(404);
      expect(await ctx.db.select().from(users)).toHaveLength(0);
    } finally {
      await discord.close();
    }
  });
});
