import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateSlots } from '../../src/integrations/riot/database-rate-slots.js';
import {
  memoryRateSlots,
  type RateSlotStore,
  type SlotWindow,
} from '../../src/integrations/riot/rate-slots.js';
import { createTestDatabase, engine } from '../helpers/test-database.js';

/** A store as two instances of Guildhall see it, and how to let it go. */
interface OpenedStore {
  instances: readonly [RateSlotStore, RateSlotStore];
  close(): Promise<void>;
}

const stores: { name: string; open(): Promise<OpenedStore> }[] = [
  {
    name: 'memory (one process)',
    async open() {
      const store = memoryRateSlots();
      return { instances: [store, store], close: async () => undefined };
    },
  },
  // The embedded database is one process: it keeps its places in memory.
  ...(engine === 'postgres'
    ? [
        {
          name: 'PostgreSQL',
          async open() {
            const database = await createTestDatabase();
            // Its pool's connections run the transactions side by side, as two instances would.
            const store = databaseRateSlots(database.db);
            return { instances: [store, store] as const, close: () => database.close() };
          },
        },
      ]
    : []),
];

/** A window no other test uses; a span long enough that no place leaves during a test. */
const newWindow = (limit: number, spanMs = 60_000): SlotWindow => ({
  key: `test:${randomUUID()}`,
  limit,
  spanMs,
});

describe.each(stores)('the $name store of Riot rate-limit places', ({ open }) => {
  let opened: OpenedStore;
  let first: RateSlotStore;
  let second: RateSlotStore;
  beforeAll(async () => {
    opened = await open();
    [first, second] = opened.instances;
  });
  afterAll(() => opened.close());

  it('gives as many places as the limit to calls taken at once by two instances, no more', async () => {
    const window = newWindow(10);
    const ids = Array.from({ length: 30 }, () => randomUUID());
    const waits = await Promise.all(
      ids.map((id, index) => (index % 2 ? first : second).take(id, [window], 60_000)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    // Every place is held by a call in flight: only an answer can free one.
    expect(waits.filter((wait) => wait !== 0)).toEqual(Array(20).fill(Infinity));

    const taken = ids.filter((_, index) => waits[index] === 0);
    await second.answered(taken[0]!, [window]);
    const wait = await first.take(randomUUID(), [window], 60_000);
    // The answered call keeps its place for a span: the wait says until when.
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(window.spanMs);
  });

  it('takes a place in every window of a call, or in none', async () => {
    const application = newWindow(3);
    const method = newWindow(1);
    expect(await first.take(randomUUID(), [application, method], 60_000)).toBe(0);
    expect(await second.take(randomUUID(), [application, method], 60_000)).toBeGreaterThan(0);
    // The refused call took nothing in the application window: two places are left there.
    expect(await second.take(randomUUID(), [application], 60_000)).toBe(0);
    expect(await first.take(randomUUID(), [application], 60_000)).toBe(0);
    expect(await first.take(randomUUID(), [application], 60_000)).toBeGreaterThan(0);
  });

  it("tops a window up to Riot's count, and never down", async () => {
    const window = newWindow(3);
    const id = randomUUID();
    expect(await first.take(id, [window], 60_000)).toBe(0);
    await first.answered(id, [window]);
    // Riot counted fewer calls than the window holds: nothing changes, two places are left.
    await second.topUp([{ window, count: 1 }]);
    expect(await second.take(randomUUID(), [window], 60_000)).toBe(0);
    // Riot counted more (someone else uses the key): the window is full.
    await first.topUp([{ window, count: 3 }]);
    const wait = await second.take(randomUUID(), [window], 60_000);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(window.spanMs);
  });

  it('frees the places of answered calls after a span, and of lost calls after their time in flight', async () => {
    const answeredWindow = newWindow(1, 50);
    const answeredId = randomUUID();
    expect(await first.take(answeredId, [answeredWindow], 60_000)).toBe(0);
    await first.answered(answeredId, [answeredWindow]);
    // Never answered: its instance stopped mid-call.
    const lostWindow = newWindow(1, 50);
    expect(await first.take(randomUUID(), [lostWindow], 50)).toBe(0);

    for (const window of [answeredWindow, lostWindow]) {
      // Liveness guard only: the places go after 100 ms.
      const giveUpAt = Date.now() + 10_000;
      let wait = await second.take(randomUUID(), [window], 60_000);
      while (wait !== 0 && Date.now() < giveUpAt) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        wait = await second.take(randomUUID(), [window], 60_000);
      }
      expect(wait).toBe(0);
    }
  });
});
