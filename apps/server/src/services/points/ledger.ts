import type { PointSource } from '@guildhall/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import {
  milestones,
  milestonesReached,
  pointCounts,
  pointTotals,
  pointsLedger,
} from '../../db/schema.js';

export interface NewLine {
  userId: string;
  seasonId: string;
  points: number;
  source: PointSource;
  reason: string;
  detail?: string | null;
  grantedBy?: string | null;
  /** A rule's subject (`attendance:<occurrence>:<member>`); none for lines given by hand. */
  subject?: string;
  revision?: number;
}

/**
 * Appends lines to the ledger and adds them to their members' season totals, in the caller's
 * transaction: a total is always the sum of its lines. Lines whose subject and revision are
 * already written are left out (another instance wrote them first); the lines written are
 * returned. The milestones the new totals reach are recorded as reached (decision 039).
 */
export async function appendLines(tx: Db, lines: NewLine[], now: Date): Promise<string[]> {
  if (lines.length === 0) return [];
  const written = await tx
    .insert(pointsLedger)
    .values(
      lines.map((line) => ({
        id: newId(),
        userId: line.userId,
        seasonId: line.seasonId,
        points: line.points,
        source: line.source,
        reason: line.reason,
        detail: line.detail ?? null,
        grantedBy: line.grantedBy ?? null,
        subject: line.subject ?? null,
        revision: line.revision ?? 1,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [pointsLedger.subject, pointsLedger.revision],
      where: sql`${pointsLedger.subject} is not null`,
    })
    .returning({
      id: pointsLedger.id,
      userId: pointsLedger.userId,
      seasonId: pointsLedger.seasonId,
      points: pointsLedger.points,
    });
  // One addition per member and season, in a stable order (two transactions adding to the same
  // totals lock their rows in the same order, and so never wait for each other in a circle).
  const sums = new Map<string, { seasonId: string; userId: string; points: number }>();
  for (const line of written) {
    const key = `${line.seasonId}:${line.userId}`;
    const sum = sums.get(key) ?? { seasonId: line.seasonId, userId: line.userId, points: 0 };
    sum.points += line.points;
    sums.set(key, sum);
  }
  const additions = [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, s]) => s);
  if (additions.length > 0) {
    const totals = await tx
      .insert(pointTotals)
      .values(additions)
      .onConflictDoUpdate({
        target: [pointTotals.seasonId, pointTotals.userId],
        set: { points: sql`${pointTotals.points} + excluded.points` },
      })
      // `xmax = 0`: the row is new (PostgreSQL's upsert leaves xmax at 0 only on the insert).
      .returning({
        seasonId: pointTotals.seasonId,
        userId: pointTotals.userId,
        points: pointTotals.points,
        isNew: sql<boolean>`xmax = 0`,
      });
    const added = new Map(additions.map((sum) => [`${sum.seasonId}:${sum.userId}`, sum.points]));
    await moveCounts(
      tx,
      totals.flatMap((total) => {
        const before = total.points - (added.get(`${total.seasonId}:${total.userId}`) ?? 0);
        return [
          { seasonId: total.seasonId, points: total.points, members: 1 },
          ...(total.isNew ? [] : [{ seasonId: total.seasonId, points: before, members: -1 }]),
        ];
      }),
    );
    await recordMilestonesReached(tx, totals, now);
  }
  return written.map((line) => line.id);
}

/**
 * Moves the counts of members by total (`point_counts`) as totals change: one change per season
 * and total, in a stable order (no two writers wait for each other in a circle), the totals
 * no member has any more removed.
 */
export async function moveCounts(
  tx: Db,
  changes: { seasonId: string; points: number; members: number }[],
): Promise<void> {
  const merged = new Map<string, { seasonId: string; points: number; members: number }>();
  for (const change of changes) {
    const key = `${change.seasonId}:${String(change.points).padStart(12, '0')}`;
    const sum = merged.get(key) ?? { ...change, members: 0 };
    sum.members += change.members;
    merged.set(key, sum);
  }
  const moves = [...merged.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, move]) => move)
    .filter((move) => move.members !== 0);
  if (moves.length === 0) return;
  await tx
    .insert(pointCounts)
    .values(moves)
    .onConflictDoUpdate({
      target: [pointCounts.seasonId, pointCounts.points],
      set: { members: sql`${pointCounts.members} + excluded.members` },
    });
  await tx
    .delete(pointCounts)
    .where(
      and(
        inArray(pointCounts.seasonId, [...new Set(moves.map((move) => move.seasonId))]),
        eq(pointCounts.members, 0),
      ),
    );
}

/**
 * Records every milestone a new season total has reached, once: a later correction below the
 * threshold keeps it, and one reached already is left as it was (its first date). A milestone
 * created below totals already reached is recorded at the member's next line of that season.
 */
async function recordMilestonesReached(
  tx: Db,
  totals: { seasonId: string; userId: string; points: number }[],
  now: Date,
): Promise<void> {
  const highest = Math.max(...totals.map((total) => total.points));
  if (highest < 1) return;
  const below = await tx
    .select({ id: milestones.id, threshold: milestones.threshold })
    .from(milestones)
    .where(lte(milestones.threshold, highest));
  const reached = totals.flatMap((total) =>
    below
      .filter((milestone) => milestone.threshold <= total.points)
      .map((milestone) => ({
        seasonId: total.seasonId,
        userId: total.userId,
        milestoneId: milestone.id,
        reachedAt: now,
      })),
  );
  if (reached.length > 0) await tx.insert(milestonesReached).values(reached).onConflictDoNothing();
}

/** What a rule says one subject is worth now, for one member. */
export interface RuleOutcome {
  subject: string;
  userId: string;
  points: number;
  source: PointSource;
  reason: string;
  detail: string | null;
}

/**
 * Brings each subject's lines to what its rule says now: a first line (revision 1) when there is
 * none and the rule gives points, else a correction line with the difference. Running it twice,
 * or on two instances at once, writes nothing more: the second run finds the sums right, or its
 * revision already written. A subject's later lines stay in the season of its first line.
 */
export async function applyRules(
  tx: Db,
  outcomes: RuleOutcome[],
  seasonId: string,
  now: Date,
): Promise<void> {
  if (outcomes.length === 0) return;
  const subjects = outcomes.map((outcome) => outcome.subject);
  const current = await tx
    .select({
      subject: pointsLedger.subject,
      points: sql<number>`sum(${pointsLedger.points})::int`,
      revisions: sql<number>`max(${pointsLedger.revision})::int`,
      // A subject's lines all go to the season of its first one.
      seasonId: sql<string>`min(${pointsLedger.seasonId})`,
    })
    .from(pointsLedger)
    .where(inArray(pointsLedger.subject, subjects))
    .groupBy(pointsLedger.subject);
  const bySubject = new Map(current.map((row) => [row.subject, row]));
  const lines: NewLine[] = [];
  for (const outcome of outcomes) {
    const written = bySubject.get(outcome.subject);
    const difference = outcome.points - (written?.points ?? 0);
    if (difference === 0) continue;
    lines.push({
      ...outcome,
      points: difference,
      seasonId: written?.seasonId ?? seasonId,
      revision: (written?.revisions ?? 0) + 1,
    });
  }
  await appendLines(tx, lines, now);
}

/**
 * A member's total of a season, as the totals table keeps it; null when the member has no line in
 * that season (not ranked, decision 046), which a total of zero does not say.
 */
export async function totalOf(db: Db, seasonId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ points: pointTotals.points })
    .from(pointTotals)
    .where(and(eq(pointTotals.seasonId, seasonId), eq(pointTotals.userId, userId)));
  return row?.points ?? null;
}
