import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventRsvps } from '../../db/schema.js';

/*
 * Seats of an occurrence with a capacity: "going" answers are seated in the order of their
 * recorded answer times; the others wait in line and take a seat as soon as one frees up. Callers
 * hold the occurrence's row lock, so two answers cannot take the last seat at once.
 */

/**
 * The order of the answers, the same for the seats, the waiting list and the managers' list:
 * the recorded answer time, then the sequence given when it was recorded. Both are written under
 * the occurrence's lock, so two answers of the same millisecond keep the order they were taken in.
 */
export const answerOrder = [asc(eventRsvps.answeredAt), asc(eventRsvps.sequence)] as const;

/** How many "going" answers have a seat. */
export async function seatedCount(tx: Db, occurrenceId: string): Promise<number> {
  const [row] = await tx
    .select({ seated: count() })
    .from(eventRsvps)
    .where(
      and(
        eq(eventRsvps.occurrenceId, occurrenceId),
        eq(eventRsvps.answer, 'going'),
        eq(eventRsvps.waitlisted, false),
      ),
    );
  return row?.seated ?? 0;
}

/** Seats the first of the waiting list while seats are free (all of them without a capacity). */
export async function promoteWaitlisted(
  tx: Db,
  occurrenceId: string,
  capacity: number | null,
): Promise<void> {
  const free = capacity === null ? null : capacity - (await seatedCount(tx, occurrenceId));
  if (free !== null && free <= 0) return;
  const waiting = await tx
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.occurrenceId, occurrenceId), eq(eventRsvps.waitlisted, true)))
    .orderBy(...answerOrder)
    .limit(free ?? 1_000_000);
  if (waiting.length === 0) return;
  await tx
    .update(eventRsvps)
    .set({ waitlisted: false })
    .where(
      and(
        eq(eventRsvps.occurrenceId, occurrenceId),
        inArray(
          eventRsvps.userId,
          waiting.map((row) => row.userId),
        ),
      ),
    );
}
