import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { pointCounts, pointTotals, pointsLedger } from '../../src/db/schema.js';

/**
 * Decision 038's invariants, recomputed from the ledger: every total is the sum of its lines, and
 * the counts of members by total are those of the totals.
 */
export async function totalsAgreeWithLedger(db: Db): Promise<void> {
  const sums = await db
    .select({
      seasonId: pointsLedger.seasonId,
      userId: pointsLedger.userId,
      points: sql<number>`sum(${pointsLedger.points})::int`,
    })
    .from(pointsLedger)
    .groupBy(pointsLedger.seasonId, pointsLedger.userId);
  const totals = await db.select().from(pointTotals);
  const key = (row: { seasonId: string; userId: string }) => `${row.seasonId}:${row.userId}`;
  expect(new Map(totals.map((row) => [key(row), row.points]))).toEqual(
    new Map(sums.map((row) => [key(row), row.points])),
  );
  const counted = new Map<string, number>();
  for (const total of totals) {
    const bucket = `${total.seasonId}:${total.points}`;
    counted.set(bucket, (counted.get(bucket) ?? 0) + 1);
  }
  const counts = await db.select().from(pointCounts);
  expect(new Map(counts.map((row) => [`${row.seasonId}:${row.points}`, row.members]))).toEqual(
    counted,
  );
}
