import type { MemberBadge, MemberBadges, Milestone, Season } from '@guildhall/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBadges, milestonesReached, type UserRow } from '../../src/db/schema.js';
import { buildAdmin, buildMember } from '../helpers/factories.js';
import { clientAs, createTestContext, type Client, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  admin = clientAs(ctx, await buildAdmin(ctx.db));
});
afterAll(() => ctx.close());

const GHOST = '0123456789abcdef01234567';
const shotcaller = { name: 'Shotcaller', icon: 'crown', colour: '#3366FF', reason: 'LAN 2026' };

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
};

async function badgesOf(member: UserRow, viewer: Client = admin): Promise<MemberBadges> {
  const response = await viewer.get(`/api/users/${member.id}/badges`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberBadges>();
}

describe('one-off badges', () => {
  it('gives a badge that any member sees on the profile, newest first, and takes it back', async () => {
    const member = await buildMember(ctx.db);
    const given = await admin.post(`/api/users/${member.id}/badges`, shotcaller);
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json<MemberBadge>()).toMatchObject({
      name: 'Shotcaller',
      icon: 'crown',
      colour: '#3366ff',
      reason: 'LAN 2026',
    });
    const second = await admin.post(`/api/users/${member.id}/badges`, {
      name: 'Fair play',
      icon: 'shield',
      colour: '#00aa00',
    });
    expect(second.json<MemberBadge>().reason).toBe('');

    const teammate = clientAs(ctx, await buildMember(ctx.db));
    const seen = await badgesOf(member, teammate);
    expect(seen.badges.map((badge) => badge.name)).toEqual(['Fair play', 'Shotcaller']);
    expect(seen.milestones).toEqual([]);

    const badgeId = given.json<MemberBadge>()._id;
    expect((await admin.delete(`/api/badges/${badgeId}`)).statusCode).toBe(204);
    expect((await badgesOf(member)).badges.map((badge) => badge.name)).toEqual(['Fair play']);
    expectError(await admin.delete(`/api/badges/${badgeId}`), 404, 'badge_not_found');
  });

  it('refuses a bad badge or an unknown member, and writes nothing', async () => {
    const member = await buildMember(ctx.db);
    for (const body of [
      { ...shotcaller, name: '   ' },
      { ...shotcaller, name: 'x'.repeat(41) },
      { ...shotcaller, icon: 'skull' },
      { ...shotcaller, colour: 'blue' },
      { ...shotcaller, reason: 'x'.repeat(201) },
    ]) {
      expectError(
        await admin.post(`/api/users/${member.id}/badges`, body),
        400,
        'validation_failed',
      );
    }
    expectError(await admin.post(`/api/users/${GHOST}/badges`, shotcaller), 404, 'user_not_found');
    expectError(await admin.get(`/api/users/${GHOST}/badges`), 404, 'user_not_found');
    expect((await badgesOf(member)).badges).toEqual([]);
    expect(await ctx.db.select().from(memberBadges)).not.toContainEqual(
      expect.objectContaining({ userId: GHOST }),
    );
  });
});

describe('milestones on the profile', () => {
  it("lists the milestones reached with their season's name, newest first", async () => {
    const season = async (name: string, year: number) =>
      (
        await admin.post('/api/seasons', {
          name,
          starts_on: `${year}-01-01`,
          ends_on: `${year}-12-31`,
        })
      ).json<Season>();
    const milestone = async (name: string, threshold: number) =>
      (
        await admin.post('/api/milestones', { name, threshold, icon: 'medal', colour: '#CD7F32' })
      ).json<Milestone>();
    const [past, later] = [await season('Saison 1980', 1980), await season('Saison 1981', 1981)];
    const [bronze, silver] = [await milestone('Bronze', 100), await milestone('Argent', 250)];
    const member = await buildMember(ctx.db);
    // Written by the rules as totals cross thresholds; here by hand.
    await ctx.db.insert(milestonesReached).values([
      {
        seasonId: past._id,
        userId: member.id,
        milestoneId: bronze._id,
        reachedAt: new Date('1980-03-01'),
      },
      {
        seasonId: past._id,
        userId: member.id,
        milestoneId: silver._id,
        reachedAt: new Date('1980-06-01'),
      },
      {
        seasonId: later._id,
        userId: member.id,
        milestoneId: bronze._id,
        reachedAt: new Date('1981-02-01'),
      },
    ]);

    const { milestones } = await badgesOf(member, clientAs(ctx, await buildMember(ctx.db)));
    expect(
      milestones.map((reached) => [
        reached.milestone.name,
        reached.season.name,
        reached.reached_at,
      ]),
    ).toEqual([
      ['Bronze', 'Saison 1981', '1981-02-01T00:00:00.000Z'],
      ['Argent', 'Saison 1980', '1980-06-01T00:00:00.000Z'],
      ['Bronze', 'Saison 1980', '1980-03-01T00:00:00.000Z'],
    ]);
    expect(milestones[0]?.milestone).toEqual({
      _id: bronze._id,
      name: 'Bronze',
      icon: 'medal',
      colour: '#cd7f32',
      threshold: 100,
    });
  });
});
