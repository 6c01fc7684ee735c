import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAudiences, eventOccurrences, events } from '../../db/schema.js';

/**
 * After teams or roles are deleted (a reaction): the future occurrences of the events left with
 * no one invited are cancelled; past ones are kept as they were (decision 037). Whichever team
 * it was, every event left without an audience is: the listener needs no more than the transaction.
 */
export async function cancelEventsLeftWithoutAudience(tx: Db): Promise<void> {
  const orphans = tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        sql`${events.audienceKind} <> 'organization'`,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(eventAudiences)
            .where(eq(eventAudiences.eventId, events.id)),
        ),
      ),
    );
  await tx
    .update(eventOccurrences)
    .set({ cancelled: true })
    .where(
      and(
        inArray(eventOccurrences.eventId, orphans),
        gt(eventOccurrences.startsAt, new Date()),
        eq(eventOccurrences.cancelled, false),
      ),
    );
}
