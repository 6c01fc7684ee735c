import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { SUBJECT_LOCKS, lockSubjectForTransaction } from '../../db/locks.js';
import { riotRateLimitSlots as slots } from '../../db/schema.js';
import type { RateSlotStore, SlotWindow } from './rate-slots.js';

const now = sql`clock_timestamp()`;
const msUntil = (time: typeof slots.expiresAt) =>
  sql<number>`ceil(extract(epoch from ${time} - ${now}) * 1000)`.mapWith(Number);
const fromNow = (ms: number) =>
  sql`clock_timestamp() + ${Math.ceil(ms)} * interval '1 millisecond'`;

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the windows for the rest of the transaction (in one order, so that two transactions never
 * wait on each other), drops their expired places and answers how many each holds. The clock is
 * read after the lock: a transaction that waited must not date its places from before.
 */
async function lockWindows(tx: Transaction, windows: readonly SlotWindow[]) {
  const keys = [...new Set(windows.map((window) => window.key))].sort();
  for (const key of keys) {
    await lockSubjectForTransaction(tx, SUBJECT_LOCKS.riotRateWindow, key);
  }
  await tx.delete(slots).where(and(inArray(slots.windowKey, keys), lte(slots.expiresAt, now)));
  const rows = await tx
    .select({
      key: slots.windowKey,
      held: count(),
      inFlight: sql<number>`count(*) filter (where ${slots.inFlight})`.mapWith(Number),
    })
    .from(slots)
    .where(inArray(slots.windowKey, keys))
    .groupBy(slots.windowKey);
  return (key: string) => rows.find((row) => row.key === key) ?? { held: 0, inFlight: 0 };
}

/**
 * The riot_rate_limit_slots table, for several instances on PostgreSQL: a
 * transaction per call, serialized per window by advisory locks.
 */
export function databaseRateSlots(db: Db): RateSlotStore {
  return {
    async take(id, windows, inFlightMs) {
      if (windows.length === 0) return 0;
      return db.transaction(async (tx) => {
        const heldIn = await lockWindows(tx, windows);
        let wait = 0;
        for (const window of windows) {
          const { held, inFlight } = heldIn(window.key);
          if (held < window.limit) continue;
          if (inFlight >= window.limit) return Infinity;
          // The answered call that must leave the window before one more fits.
          const [leaving] = await tx
            .select({ inMs: msUntil(slots.expiresAt) })
            .from(slots)
            .where(and(eq(slots.windowKey, window.key), eq(slots.inFlight, false)))
            .orderBy(asc(slots.expiresAt))
            .offset(held - window.limit)
            .limit(1);
          wait = Math.max(wait, leaving?.inMs ?? 1, 1);
        }
        if (wait > 0) return wait;
        await tx.insert(slots).values(
          windows.map((window) => ({
            windowKey: window.key,
            slotId: id,
            inFlight: true,
            expiresAt: fromNow(inFlightMs + window.spanMs),
          })),
        );
        return 0;
      });
    },

    async answered(id, windows) {
      if (windows.length === 0) return;
      await db
        .insert(slots)
        .values(
          windows.map((window) => ({
            windowKey: window.key,
            slotId: id,
            inFlight: false,
            expiresAt: fromNow(window.spanMs),
          })),
        )
        .onConflictDoUpdate({
          target: [slots.windowKey, slots.slotId],
          set: { inFlight: false, expiresAt: sql`excluded.expires_at` },
        });
    },

    async topUp(counts) {
      if (counts.length === 0) return;
      await db.transaction(async (tx) => {
        const heldIn = await lockWindows(
          tx,
          counts.map(({ window }) => window),
        );
        const prefix = `riot:${randomUUID()}:`;
        for (const { window, count: counted } of counts) {
          const missing = counted - heldIn(window.key).held;
          if (missing <= 0) continue;
          await tx.execute(
            sql`insert into ${slots} (window_key, slot_id, in_flight, expires_at)
                select ${window.key}, ${prefix}::text || n, false, ${fromNow(window.spanMs)}
                from generate_series(1, ${missing}::int) as n`,
          );
        }
      });
    },
  };
}
