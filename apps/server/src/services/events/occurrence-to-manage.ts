import type { Db } from '../../db/client.js';
import { eventOccurrences, type EventOccurrenceRow, type EventRow } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { forbidden } from '../../lib/http-error.js';
import { managesAudience, type EventViewer } from '../../policies/relationships.js';
import { visibleOccurrence } from './read-events.js';

/**
 * The occurrence and its event, locked, when the viewer manages the event; 404 or 403 otherwise.
 * Who does not see the event is refused before the lock and takes none; what is decided is read
 * anew once the lock is held (read committed: a new snapshot), so that a change of the event
 * committed while this waited (its audience, its deadline, the occurrence moved or cancelled) is
 * the one that counts, as for an answer (decision 047).
 */
export async function occurrenceToManage(
  tx: Db,
  viewer: EventViewer,
  id: string,
): Promise<{ occurrence: EventOccurrenceRow; event: EventRow }> {
  await visibleOccurrence(tx, viewer, id);
  await tx
    .select({ id: eventOccurrences.id })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.id, id))
    .for('update');
  const { occurrence, event, audience } = await visibleOccurrence(tx, viewer, id);
  if (!managesAudience(viewer, audience)) {
    throw forbidden('Only admins and the managers of every team invited manage this event');
  }
  return { occurrence, event };
}
