import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { buildMember, sessionCookieFor, signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const validAccount = {
  name: 'Martin',
  surname: 'Léa',
  pseudo: 'Kaelith',
  birthday: '1999-04-12',
  email: 'lea@example.com',
  address: '3 rue des Lilas',
  zip_code: '75011',
  town: 'Paris',
  country: 'France',
};

describe('GET /api/user', () => {
  it('answers the signed-in member with its teams and roles per team, never cached', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).get('/api/user');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      _id: member.id,
      pseudo: member.pseudo,
      role: 'user',
      teams: [],
      rolesByTeam: {},
      leagueoflegends_login: [],
    });
    expect(response.json()._id).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('GET /api/session', () => {
  it('answers a signed-in member as GET /api/user does, never cached', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const client = clientAs(ctx, { cookie });
    const session = await client.get('/api/session');
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.json()).toEqual({ user: (await client.get('/api/user')).json() });
    expect(session.json().user).toMatchObject({ _id: member.id, role: 'admin' });
  });

  it('answers an anonymous visitor, and a session that ended, with no one rather than a 401', async () => {
    const anonymous = await clientAs(ctx, 'anonymous').get('/api/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.json()).toEqual({ user: null });

    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    await clientAs(ctx, { cookie }).post('/auth/logout', {});
    const ended = await clientAs(ctx, { cookie }).get('/api/session');
    expect(ended.json()).toEqual({ user: null });
  });
});

describe('GET /api/user abilities', () => {
  it('tells each member what the server lets it do, so that the interface offers exactly that', async () => {
    const user = await signedInAs(ctx.db, ctx.config, 'user');
    const admin = await signedInAs(ctx.db, ctx.config, 'admin');
    const abilitiesOf = async (cookie: string) =>
      (await clientAs(ctx, { cookie }).get('/api/user')).json().abilities;
    expect(await abilitiesOf(user.cookie)).toEqual([
      'read:member-private:self',
      'read:member-name:self',
      'edit:connections:self',
    ]);
    expect(await abilitiesOf(admin.cookie)).toEqual(expect.arrayContaining(['manage:passwords']));
    // What the session says an admin may do, the server does allow: one abilities map.
    const orgWrite = await clientAs(ctx, { cookie: user.cookie }).get('/api/password/exposures');
    expect(orgWrite.statusCode).toBe(403);
  });
});

describe('PUT /api/user', () => {
  it('saves the account fields and answers the updated member', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: `${member.pseudo}-x`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...validAccount,
      pseudo: `${member.pseudo}-x`,
      role: 'user',
    });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(stored).toMatchObject({ town: 'Paris', birthday: '1999-04-12', zipCode: '75011' });
  });

  it('never takes role or adhesion from the body', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'guest');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: member.pseudo,
      role: 'admin',
      adhesion: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'guest', adhesion: false });
  });

  it('turns an invited member who saves into a user with adhesion', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'invited');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: member.pseudo,
    });
    expect(response.json()).toMatchObject({ role: 'user', adhesion: true });
  });

  it('keeps the adhesion of a member who was not invited', async () => {
    const member = await buildMember(ctx.db, { role: 'user', adhesion: false });
    const cookie = await sessionCookieFor(ctx.db, ctx.config, member);
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: member.pseudo,
    });
    expect(response.json()).toMatchObject({ role: 'user', adhesion: false });
  });

  it('empties optional fields sent blank', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: member.pseudo,
      address: '  ',
      town: null,
    });
    expect(response.json()).toMatchObject({ address: null, town: null });
  });

  it('refuses a pseudo another member has, whatever its case, with 409', async () => {
    const other = await buildMember(ctx.db, { pseudo: 'Taken-Name' });
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: other.pseudo.toLowerCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('pseudo_taken');
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.pseudo).toBe(member.pseudo);
  });

  it.each([
    ['name', { name: '' }],
    ['surname', { surname: '   ' }],
    ['email', { email: 'not-an-email' }],
    ['birthday', { birthday: '2001-02-30' }],
    ['birthday', { birthday: '12/04/1999' }],
    ['birthday', { birthday: '2999-01-01' }],
    ['pseudo', { pseudo: 'x' }],
    ['zip_code', { zip_code: '1'.repeat(17) }],
  ])('refuses a bad %s with 400 naming it, and writes nothing', async (field, change) => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'invited');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {
      ...validAccount,
      pseudo: member.pseudo,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(
      `body.${field}`,
    );
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(stored).toMatchObject({ name: null, email: null, role: 'invited', adhesion: false });
  });

  it('names every missing required field', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put('/api/user', {});
    expect(response.statusCode).toBe(400);
    const paths = response.json().error.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.name',
        'body.surname',
        'body.pseudo',
        'body.birthday',
        'body.email',
      ]),
    );
  });
});

describe('GET /api/organization', () => {
  it('is public and answers the organisation with its colours', async () => {
    const response = await clientAs(ctx, 'anonymous').get('/api/organization');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Guildhall',
      primary_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      secondary_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      logo: null,
    });
  });
});

describe('PUT /api/user/preferences', () => {
  it('keeps the member’s look with the account: the session answers it on every device', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const client = clientAs(ctx, { cookie });
    expect((await client.get('/api/user')).json().preferences).toEqual({
      theme: 'system',
      show_real_name: false,
    });

    const saved = await client.put('/api/user/preferences', { theme: 'dark' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ theme: 'dark', show_real_name: false });
    expect((await client.get('/api/user')).json().preferences).toEqual({
      theme: 'dark',
      show_real_name: false,
    });
  });

  it('keeps the choice to show one’s real name, and changes only the preference it names', async () => {
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'guest');
    const client = clientAs(ctx, { cookie });
    await client.put('/api/user/preferences', { theme: 'dark' });

    const shown = await client.put('/api/user/preferences', { show_real_name: true });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ theme: 'dark', show_real_name: true });
    expect((await client.get('/api/user')).json().preferences).toEqual({
      theme: 'dark',
      show_real_name: true,
    });

    await client.put('/api/user/preferences', { theme: 'light' });
    const hidden = await client.put('/api/user/preferences', { show_real_name: false });
    expect(hidden.json()).toEqual({ theme: 'light', show_real_name: false });
    expect((await client.get('/api/session')).json().user.preferences).toEqual({
      theme: 'light',
      show_real_name: false,
    });
  });

  it('refuses a look it does not know, or another field, and keeps the one saved', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const client = clientAs(ctx, { cookie });
    await client.put('/api/user/preferences', { theme: 'light' });

    for (const body of [
      { theme: 'sepia' },
      { theme: 'dark', role: 'admin' },
      {},
      { show_real_name: 'yes' },
      { show_real_name: null },
      { theme: 'dark', show_real_name: 1 },
    ]) {
      const refused = await client.put('/api/user/preferences', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ theme: 'light', role: 'user', showRealName: false });
  });

  it('changes only the caller’s own look', async () => {
    const first = await signedInAs(ctx.db, ctx.config, 'user');
    const second = await buildMember(ctx.db);
    await clientAs(ctx, { cookie: first.cookie }).put('/api/user/preferences', { theme: 'dark' });
    const [other] = await ctx.db.select().from(users).where(eq(users.id, second.id));
    expect(other?.theme).toBe('system');
  });
});
