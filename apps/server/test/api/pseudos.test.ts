import { errorBodySchema } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionMember } from '../../src/auth/provision-member.js';
import { newId } from '../../src/db/ids.js';
import { users } from '../../src/db/schema.js';
import { completePseudoKeys, pseudoKey } from '../../src/services/users/pseudo-key.js';
import { buildMember, signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const account = (pseudo: string) => ({
  name: 'Martin',
  surname: 'Léa',
  pseudo,
  birthday: '1999-04-12',
  email: 'lea@example.com',
});
const stored = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];
const membersNamed = async (pseudo: string) =>
  ctx.db
    .select()
    .from(users)
    .where(eq(users.pseudoKey, pseudoKey(pseudo)));

function expectConflict(response: LightMyRequestResponse, code: string): void {
  expect(response.statusCode).toBe(409);
  expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
}

describe('pseudos are stored in NFC', () => {
  it('stores a decomposed pseudo composed, and signs it in as the same member', async () => {
    const created = await clientAs(ctx, 'anonymous').post('/auth/local', {
      pseudo: 'Me\u0301lanie',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().pseudo).toBe('Mélanie');
    const again = await clientAs(ctx, 'anonymous').post('/auth/local', { pseudo: 'Mélanie' });
    expect(again.json()._id).toBe(created.json()._id);
    expect(await membersNamed('Mélanie')).toHaveLength(1);
  });

  it('signs the Kelvin sign in as the member whose pseudo has a K, on every engine', async () => {
    const kelvin = await buildMember(ctx.db, { pseudo: 'kelvin' });
    const response = await clientAs(ctx, 'anonymous').post('/auth/local', {
      pseudo: '\u212Aelvin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()._id).toBe(kelvin.id);
  });
});

describe('look-alike pseudos are refused', () => {
  it('refuses renaming oneself to the decomposed form of another member’s pseudo', async () => {
    await buildMember(ctx.db, { pseudo: 'Zoé' });
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    expectConflict(
      await clientAs(ctx, { cookie }).put('/api/user', account('Zoe\u0301')),
      'pseudo_taken',
    );
    expectConflict(
      await clientAs(ctx, { cookie }).put('/api/user', account('ＺＯＥ\u0301')),
      'pseudo_taken',
    );
    expect((await stored(member.id))?.pseudo).toBe(member.pseudo);
  });

  it('refuses a pseudo that imitates another with letters of another script or digits', async () => {
    await buildMember(ctx.db, { pseudo: 'Kaelith' });
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    for (const imitation of ['K\u0430elith', 'Kae1ith', '\u039Aaelith']) {
      expectConflict(
        await clientAs(ctx, { cookie }).put('/api/user', account(imitation)),
        'pseudo_look_alike',
      );
    }
    expect((await stored(member.id))?.pseudo).toBe(member.pseudo);
  });

  it('still lets a member change only the case of its own pseudo', async () => {
    const { member, cookie } = await signedInAs(ctx.db, ctx.config, 'user');
    const response = await clientAs(ctx, { cookie }).put(
      '/api/user',
      account(member.pseudo.toUpperCase()),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().pseudo).toBe(member.pseudo.toUpperCase());
  });

  it('refuses the same in the admin edit form', async () => {
    await buildMember(ctx.db, { pseudo: 'Vortex' });
    const { cookie } = await signedInAs(ctx.db, ctx.config, 'admin');
    const member = await buildMember(ctx.db);
    const response = await clientAs(ctx, { cookie }).put(`/api/users/${member.id}`, {
      ...account('V0rtex'),
      role: 'user',
    });
    expectConflict(response, 'pseudo_look_alike');
    expect((await stored(member.id))?.pseudo).toBe(member.pseudo);
  });

  it('refuses a local sign-in as a look-alike, and creates nobody', async () => {
    await buildMember(ctx.db, { pseudo: 'Nyra' });
    const before = (await ctx.db.select().from(users)).length;
    expectConflict(
      await clientAs(ctx, 'anonymous').post('/auth/local', { pseudo: '\u039Dyra' }),
      'pseudo_look_alike',
    );
    expect((await ctx.db.select().from(users)).length).toBe(before);
  });

  it('gives a new Discord member whose name imitates a member’s a pseudo of its own', async () => {
    await buildMember(ctx.db, { pseudo: 'Onyx' });
    const member = await provisionMember(ctx.db, {
      kind: 'discord',
      discordId: '123456789',
      discordTag: 'onyx',
      avatarUrl: null,
      email: null,
      preferredPseudo: '0nyx',
      designatedAdmin: false,
      adminsAreDesignated: false,
    });
    expect(member.pseudo).toBe('0nyx-2');
  });
});

describe('members made before pseudo keys', () => {
  it('get their key at start; the newer of two look-alikes gets a suffix', async () => {
    const older = newId();
    const newer = newId();
    await ctx.db.insert(users).values([
      {
        id: older,
        pseudo: 'Séraphin',
        pseudoKey: `pending:${older}`,
        createdAt: new Date('2024-01-01'),
      },
      {
        id: newer,
        pseudo: 'Se\u0301raphin',
        pseudoKey: `pending:${newer}`,
        createdAt: new Date('2025-01-01'),
      },
    ]);
    const renamed = await completePseudoKeys(ctx.db);
    expect(renamed).toEqual([{ id: newer, from: 'Se\u0301raphin', to: 'Séraphin-2' }]);
    expect(await stored(older)).toMatchObject({
      pseudo: 'Séraphin',
      pseudoKey: pseudoKey('Séraphin'),
    });
    expect(await stored(newer)).toMatchObject({ pseudoKey: pseudoKey('Séraphin-2') });
    expect(await completePseudoKeys(ctx.db)).toEqual([]);
  });
});
