import type { Leaderboard, PointsSummary } from '@guildhall/contract';
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
    const points = board.entries.map((entry) => entry.points);
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

  it('seeds nothing a second time', async () => {
    expect(await seedDemo(ctx.db, ctx.vault)).toBe(false);
  });
});
