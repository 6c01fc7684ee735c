import type { EventFields } from '@guildhall/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { eventOccurrences, events, type EventOccurrenceRow } from '../../db/schema.js';
import { forbidden } from '../../lib/http-error.js';
import { managesAudience, type EventViewer } from '../../policies/relationships.js';
import { capacityBelowGoing, checkedEventFields, type Slot } from './event-fields.js';
import { eventToManage, writeAudience } from './event-to-manage.js';
import { promoteWaitlisted, seatedCount } from './seats.js';

/**
 * Replaces an event's fields, audience and times. Occurrences are matched to the new series by
 * the start the rule gave them: those kept keep their answers (and a moved one its times); those
 * the series no longer has are deleted if still to come, kept if past; new ones are added if to
 * come. A one-off event keeps its one occurrence, whatever its new time. Seats follow the
 * capacity.
 */
export async function updateEvent({
  db,
  viewer,
  id,
  fields,
  now = new Date(),
}: {
  db: Db;
  viewer: EventViewer;
  id: string;
  fields: EventFields;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await eventToManage(tx, viewer, id);
    const { columns, slots, rows, audienceOf } = await checkedEventFields(tx, fields);
    if (!managesAudience(viewer, audienceOf)) {
      throw forbidden('Only admins and the managers of every team invited write this audience');
    }
    const existing = await tx
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, id))
      .orderBy(asc(eventOccurrences.startsAt))
      .for('update');
    const oneOff = before.recurrenceRule === null && columns.recurrenceRule === null;
    const plan = oneOff ? planOneOff(existing, slots) : planSeries(existing, slots, now);
    for (const occurrence of plan.kept) {
      const seated = await seatedCount(tx, occurrence.id);
      if (columns.capacity !== null && seated > columns.capacity) {
        throw capacityBelowGoing(seated);
      }
    }
    await tx
      .update(events)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(events.id, id));
    await writeAudience(tx, id, rows);
    if (plan.deleted.length > 0) {
      await tx.delete(eventOccurrences).where(inArray(eventOccurrences.id, plan.deleted));
    }
    for (const { id: occurrenceId, slot } of plan.updated) {
      await tx.update(eventOccurrences).set(slot).where(eq(eventOccurrences.id, occurrenceId));
    }
    if (plan.added.length > 0) {
      await tx
        .insert(eventOccurrences)
        .values(plan.added.map((slot) => ({ id: newId(), eventId: id, ...slot })));
    }
    for (const occurrence of plan.kept) {
      await promoteWaitlisted(tx, occurrence.id, columns.capacity);
    }
  });
}

interface Plan {
  /** Occurrences that stay (their answers with them). */
  kept: EventOccurrenceRow[];
  /** New times for some of them. */
  updated: { id: string; slot: Partial<Slot> }[];
  deleted: string[];
  added: Slot[];
}

function planOneOff(existing: EventOccurrenceRow[], slots: Slot[]): Plan {
  const [occurrence] = existing;
  const [slot] = slots;
  if (!occurrence || !slot) return { kept: [], updated: [], deleted: [], added: slots };
  return {
    kept: [occurrence],
    updated: [{ id: occurrence.id, slot: { ...slot, ...(occurrence.moved && { moved: false }) } }],
    deleted: existing.slice(1).map((row) => row.id),
    added: [],
  };
}

function planSeries(existing: EventOccurrenceRow[], slots: Slot[], now: Date): Plan {
  const bySlot = new Map(existing.map((row) => [row.ruleStartsAt.getTime(), row]));
  const wanted = new Set(slots.map((slot) => slot.ruleStartsAt.getTime()));
  const plan: Plan = { kept: [], updated: [], deleted: [], added: [] };
  for (const row of existing) {
    if (wanted.has(row.ruleStartsAt.getTime())) continue;
    if (row.startsAt > now) plan.deleted.push(row.id);
    // A past occurrence is history (answers, attendance): it stays as it was.
  }
  for (const slot of slots) {
    const row = bySlot.get(slot.ruleStartsAt.getTime());
    if (!row) {
      if (slot.startsAt > now) plan.added.push(slot);
      continue;
    }
    plan.kept.push(row);
    if (row.startsAt <= now) continue;
    // A moved occurrence keeps its times; its deadline follows the series' setting.
    const deadlineOf = (start: Date) =>
      slot.rsvpDeadline === null
        ? null
        : new Date(start.getTime() - (slot.startsAt.getTime() - slot.rsvpDeadline.getTime()));
    plan.updated.push({
      id: row.id,
      slot: row.moved
        ? { rsvpDeadline: deadlineOf(row.startsAt) }
        : { startsAt: slot.startsAt, endsAt: slot.endsAt, rsvpDeadline: slot.rsvpDeadline },
    });
  }
  return plan;
}
