import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { applyMembershipRulesToAll } from './membership-points.js';
import { organizationDay } from './seasons.js';

/** How often an instance looks whether the organisation's day has changed since its last run. */
const TICK_MS = 15 * 60_000;

/**
 * Applies the membership rules to every member once a day (the organisation's calendar day), on
 * every instance: no lease, since two runs at once write each line once (the subjects' revisions
 * are unique, decision 040). A failure is logged and the next tick tries again. Returns the
 * function that stops it.
 */
export function scheduleMembershipPoints(deps: {
  db: Db;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  let lastDay: string | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    const now = new Date();
    const today = await organizationDay(deps.db, now);
    if (today === lastDay) return;
    await applyMembershipRulesToAll(deps.db, now);
    lastDay = today;
    deps.log.info({ day: today }, 'membership points applied');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'membership points failed'))
      .finally(() => {
        running = undefined;
      });
  }, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
