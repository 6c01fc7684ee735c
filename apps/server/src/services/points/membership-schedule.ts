import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job.js';
import { zonedToInstant } from '../../lib/zoned-time.js';
import { organizationDay, organizationTimeZone } from '../organization/time-zone.js';
import { applyMembershipRulesToAll } from './membership-points.js';

/** Longer than applying the rules to every member takes. */
const LEASE_MS = 30 * 60_000;

/** When the organisation's next calendar day starts, after `instant`. */
async function nextOrganizationDay(db: Db, instant: Date): Promise<Date> {
  const today = await organizationDay(db, instant);
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return zonedToInstant(
    `${tomorrow.toISOString().slice(0, 10)}T00:00`,
    await organizationTimeZone(db),
  );
}

/**
 * Applies the membership rules to every member once a day (decision 059): due when the
 * organisation's next calendar day starts (a change of its time zone counts from the next run).
 * Two runs at once would still write each line once (the subjects' revisions are unique,
 * decision 040). A failure is tried again a quarter of an hour later.
 */
export function membershipPointsJob(deps: { db: Db; log: FastifyBaseLogger }): Job {
  return {
    name: 'membership-points',
    leaseMs: LEASE_MS,
    next: (finishedAt) => nextOrganizationDay(deps.db, finishedAt),
    retryAfterFailureMs: 15 * 60_000,
    run: async ({ now }) => {
      await applyMembershipRulesToAll(deps.db, now);
      deps.log.info({ day: await organizationDay(deps.db, now) }, 'membership points applied');
    },
  };
}
