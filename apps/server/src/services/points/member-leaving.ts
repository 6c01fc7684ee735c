import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pointTotals } from '../../db/schema.js';
import { moveCounts } from './ledger.js';

/**
 * A member about to be deleted: its totals leave the counts of members by total, so that the
 * others' places move up (its lines and totals then go with its row).
 */
export async function countMemberOut(tx: Db, { userId }: { userId: string }): Promise<void> {
  const totals = await tx
    .select({ seasonId: pointTotals.seasonId, points: pointTotals.points })
    .from(pointTotals)
    .where(eq(pointTotals.userId, userId))
    .for('update');
  await moveCounts(
    tx,
    totals.map((total) => ({ ...total, members: -1 })),
  );
}
