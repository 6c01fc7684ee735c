import { systemClock, type Clock } from './clock.js';

/**
 * Where the places in Riot's rate-limit windows are kept: in this process (one instance, or the
 * embedded database) or in PostgreSQL (several instances sharing one key, whose limits are
 * one). A call holds a place in each window of its application and method from the moment it
 * leaves; once answered, it keeps it until a window has passed (Riot counts it on arrival,
 * somewhere in between). Shared stores read their own clock, so that every instance agrees.
 */
export interface RateSlotStore {
  /**
   * Takes a place for the call `id` in every window, or in none, at once for everyone sharing the
   * store. Answers 0 when taken, else how long until one more call fits (ms): Infinity when calls
   * in flight fill a window. Unanswered, the places go `inFlightMs` + a span after they were taken
   * (a process that stopped mid-call).
   */
  take(id: string, windows: readonly SlotWindow[], inFlightMs: number): Promise<number>;
  /** The call `id` was answered (or given up) now: its places are held a span from now. */
  answered(id: string, windows: readonly SlotWindow[]): Promise<void>;
  /** Riot counted `count` calls in the window: holds as many at least, adding answered calls. */
  topUp(counts: readonly WindowCount[]): Promise<void>;
}

export interface SlotWindow {
  /** Names the window for every instance: the key's scope, the bucket and the window's length. */
  key: string;
  limit: number;
  /** How long an answered call stays in the window: its length and a margin. */
  spanMs: number;
}

export interface WindowCount {
  window: SlotWindow;
  count: number;
}

/** A place: held until `expiresAt`, or until answered while `inFlight`. */
export interface HeldSlot {
  expiresAt: number;
  inFlight: boolean;
}

/**
 * How long until a window holding `slots` (none expired) has room for one more call: 0 now,
 * Infinity while calls in flight fill it, else until enough answered calls have left.
 */
export function waitForRoom(slots: readonly HeldSlot[], limit: number, now: number): number {
  if (slots.length < limit) return 0;
  const answered = slots
    .filter((slot) => !slot.inFlight)
    .map((slot) => slot.expiresAt)
    .sort((a, b) => a - b);
  const inFlight = slots.length - answered.length;
  if (inFlight >= limit) return Infinity;
  // The answered call that must leave the window before one more fits.
  const leaving = answered[slots.length - limit] ?? now;
  return Math.max(1, leaving - now);
}

interface MemorySlot extends HeldSlot {
  id: string;
}

/** This process only: one instance of Guildhall, or the embedded database. */
export function memoryRateSlots(clock: Clock = systemClock): RateSlotStore {
  const windows = new Map<string, MemorySlot[]>();
  const held = (key: string, now: number) => {
    const slots = (windows.get(key) ?? []).filter((slot) => slot.expiresAt > now);
    windows.set(key, slots);
    return slots;
  };
  // Every method completes before its first await: callers see its effect in call order.
  return {
    async take(id, given, inFlightMs) {
      const now = clock.now();
      const wait = Math.max(
        0,
        ...given.map((window) => waitForRoom(held(window.key, now), window.limit, now)),
      );
      if (wait > 0) return wait;
      for (const window of given) {
        held(window.key, now).push({
          id,
          expiresAt: now + inFlightMs + window.spanMs,
          inFlight: true,
        });
      }
      return 0;
    },
    async answered(id, given) {
      const now = clock.now();
      for (const window of given) {
        const slots = held(window.key, now).filter((slot) => slot.id !== id);
        slots.push({ id, expiresAt: now + window.spanMs, inFlight: false });
        windows.set(window.key, slots);
      }
    },
    async topUp(counts) {
      const now = clock.now();
      for (const { window, count } of counts) {
        const slots = held(window.key, now);
        for (let missing = count - slots.length; missing > 0; missing--) {
          slots.push({ id: '', expiresAt: now + window.spanMs, inFlight: false });
        }
      }
    },
  };
}
