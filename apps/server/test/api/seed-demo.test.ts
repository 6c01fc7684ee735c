import type {
  Leaderboard,
  LeagueHistory,
  MemberBadges,
  PointsSummary,
  TimelinePage,
} from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization, users } from '../../src/db/schema.js';
import { seedDemo } from '../../src/services/seed/seed-demo.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The demo fills an empty database only: the test context starts with an organisation.
  await ctx.db.delete(organization);
  expect(await seedDemo(ctx.db, ctx.vault)).toBe(true);
});
afterAll(() => ctx.close());

const memberNamed = async (pseudo: string) => {
  const [row] = await ctx.db.select().from(users).where(eq(users.pseudo, pseudo));
  if (!row) throw new Error(`no demo member ${pseudo}`);
  return row;
};

describe('the demo organisation', () => {
  it('has a season under way whose leaderboard ranks its members', async () => {
    const reader = clientAs(ctx, await memberNamed('Kaelith'));
    const response = await reader.get('/api/points/leaderboard');
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json<Leaderboard>();
    expect(board.season?.current).toBe(true);
    expect(board.total).toBeGreaterThan(10);
    const points = board.items.map((entry) => entry.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(new Set(points).size).toBeGreaterThan(3);
  });

  it("shows a leader's milestones on the ranking card", async () => {
    const summary = (
      await clientAs(ctx, await memberNamed('Kaelith')).get('/api/points/me')
    ).json<PointsSummary>();
    expect(summary.place).toBe(1);
    expect(summary.reached?.name).toBe('Argent');
    expect(summary.next?.name).toBe('Or');
  });

  it('fills the ranking ring of the member the screenshots show partway', async () => {
    const summary = (
      await clientAs(ctx, await memberNamed('Ember')).get('/api/points/me')
    ).json<PointsSummary>();
    expect(summary.points).toBeGreaterThan(summary.reached?.threshold ?? 0);
    expect(summary.points).toBeLessThan(summary.next?.threshold ?? 0);
  });

  it("shows badges given by hand on a leader's profile", async () => {
    const kaelith = await memberNamed('Kaelith');
    const badges = (
      await clientAs(ctx, await memberNamed('Ember')).get(`/api/users/${kaelith.id}/badges`)
    ).json<MemberBadges>();
    expect(badges.badges.map((badge) => badge.name)).toContain('Capitaine');
  });

  it('draws a few weeks of League ranks on the LP chart', async () => {
    const kaelith = await memberNamed('Kaelith');
    const history = (
      await clientAs(ctx, await memberNamed('Ember')).get(
        `/api/users/${kaelith.id}/league/history?queue=RANKED_SOLO_5x5&days=30`,
      )
    ).json<LeagueHistory>();
    expect(history.snapshots.length).toBeGreaterThan(20);
    expect(new Set(history.snapshots.map((snapshot) => snapshot.riotId))).toEqual(
      new Set(['Kaelith#EUW']),
    );
  });

  it('tells rank changes up and down on the timeline', async () => {
    const kaelith = await memberNamed('Kaelith');
    const page = (
      await clientAs(ctx, await memberNamed('Ember')).get(`/api/users/${kaelith.id}/timeline`)
    ).json<TimelinePage>();
    const changes = page.items.flatMap((line) => (line.kind === 'league_rank' ? line.change : []));
    expect(new Set(changes)).toEqual(new Set(['up', 'down']));
  });

  it('seeds nothing a second time', async () => {
    expect(await seedDemo(ctx.db, ctx.vault)).toBe(false);
  });
});
