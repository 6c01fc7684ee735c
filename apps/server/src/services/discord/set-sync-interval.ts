import type { DiscordSyncSchedule } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordSync } from '../../db/schema.js';
import { rescheduleJob } from '../../jobs/leases.js';
import { DISCORD_SYNC_JOB, SYNC_ROW, syncRow } from './sync.js';

/**
 * Sets how often the schedule re-reads the guild, in one transaction; the next sync is due from
 * the last one.
 */
export async function setSyncInterval({
  db,
  intervalMinutes,
}: {
  db: Db;
  intervalMinutes: DiscordSyncSchedule['interval_minutes'];
}): Promise<void> {
  await db.transaction(async (tx) => {
    await syncRow(tx);
    await tx.update(discordSync).set({ intervalMinutes }).where(eq(discordSync.id, SYNC_ROW));
    await rescheduleJob(
      tx,
      DISCORD_SYNC_JOB,
      (last) => new Date((last?.getTime() ?? Date.now()) + intervalMinutes * 60_000),
    );
  });
}
