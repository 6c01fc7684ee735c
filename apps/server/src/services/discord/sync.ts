import {
  DISCORD_SYNC_DEFAULT_INTERVAL,
  DISCORD_SYNC_INTERVALS,
  type DiscordSyncReport,
  type DiscordSyncSchedule,
  type DiscordSyncStatus,
} from '@guildhall/contract';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordSync, users, type UserRow } from '../../db/schema.js';
import type { GuildClient, GuildMember } from '../../integrations/discord/guild-client.js';
import { conflict } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import { applyDiscordRoles, markLeft } from './membership.js';

/** How long an instance holds the sync: longer than a sync of the largest guild takes. */
const LEASE_MS = 15 * 60_000;
const SYNC_ROW = 1;

/** The sync's row, made on first use. */
async function syncRow(db: Db) {
  await db.insert(discordSync).values({ id: SYNC_ROW }).onConflictDoNothing();
  return theRow(await db.select().from(discordSync).where(eq(discordSync.id, SYNC_ROW)));
}

/** The schedule and where the sync stands (`bot`: whether a bot token lets it run at all). */
export async function syncStatus(db: Db, bot: boolean): Promise<DiscordSyncStatus> {
  const row = await syncRow(db);
  const intervalMs = row.intervalMinutes * 60_000;
  return {
    bot,
    interval_minutes: syncInterval(row.intervalMinutes),
    last_finished_at: row.lastFinishedAt?.toISOString() ?? null,
    next_at: !bot
      ? null
      : new Date(
          Math.max(Date.now(), (row.lastFinishedAt?.getTime() ?? 0) + intervalMs),
        ).toISOString(),
    running: row.leaseUntil !== null && row.leaseUntil.getTime() > Date.now(),
  };
}

/** Sets how often the schedule re-reads the guild; the next sync is due from the last one. */
export async function setSyncInterval(db: Db, schedule: DiscordSyncSchedule): Promise<void> {
  await syncRow(db);
  await db
    .update(discordSync)
    .set({ intervalMinutes: schedule.interval_minutes })
    .where(eq(discordSync.id, SYNC_ROW));
}

/** A stored interval as the contract knows it; one from an older release becomes the default. */
function syncInterval(minutes: number): DiscordSyncStatus['interval_minutes'] {
  return (
    DISCORD_SYNC_INTERVALS.find((interval) => interval === minutes) ?? DISCORD_SYNC_DEFAULT_INTERVAL
  );
}

/** Whether the scheduled sync is due: never run, or its interval has passed since the last. */
export async function syncIsDue(db: Db, now = new Date()): Promise<boolean> {
  const row = await syncRow(db);
  return (
    row.lastFinishedAt === null ||
    now.getTime() - row.lastFinishedAt.getTime() >= row.intervalMinutes * 60_000
  );
}

/**
 * Takes the sync's lease, so that one sync runs at a time across instances; false when another
 * holds it. A lease outlives a crashed holder by LEASE_MS at most.
 */
async function claimLease(db: Db): Promise<boolean> {
  await syncRow(db);
  const claimed = await db
    .update(discordSync)
    .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(
      and(
        eq(discordSync.id, SYNC_ROW),
        or(isNull(discordSync.leaseUntil), lt(discordSync.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: discordSync.id });
  return claimed.length > 0;
}

async function releaseLease(db: Db): Promise<void> {
  await db
    .update(discordSync)
    .set({ leaseUntil: null, lastFinishedAt: new Date() })
    .where(eq(discordSync.id, SYNC_ROW));
}

/** Applies what Discord says of one member (null: not in the guild) in one transaction. */
async function syncOne(db: Db, memberId: string, inGuild: GuildMember | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
    if (!member) return false;
    return inGuild ? applyDiscordRoles(tx, member, inGuild.roleIds) : markLeft(tx, member);
  });
}

/**
 * Re-reads every member with a Discord account from the guild and applies what changed: the
 * member list in one pass when the bot has the Server Members intent, else one read per member
 * (which needs no privileged intent). One sync at a time across instances: 409 otherwise.
 */
export async function syncAllMembers(db: Db, guild: GuildClient): Promise<DiscordSyncReport> {
  if (!(await claimLease(db))) {
    throw conflict('discord_sync_running', 'A sync with Discord is already running');
  }
  try {
    const members = (
      await db
        .select({ id: users.id, discordId: users.discordId })
        .from(users)
        .where(isNotNull(users.discordId))
    ).flatMap(({ id, discordId }) => (discordId ? [{ id, discordId }] : []));
    const listed = await guild.members();
    const byDiscordId = listed && new Map(listed.map((member) => [member.userId, member]));
    const report: DiscordSyncReport = { checked: 0, changed: 0, left: 0 };
    for (const member of members) {
      const inGuild = byDiscordId
        ? (byDiscordId.get(member.discordId) ?? null)
        : await guild.member(member.discordId);
      const changed = await syncOne(db, member.id, inGuild);
      report.checked += 1;
      if (changed) report[inGuild ? 'changed' : 'left'] += 1;
    }
    return report;
  } finally {
    await releaseLease(db);
  }
}

/** Re-reads one member from the guild now ("sync now" on the member). */
export async function syncMember(
  db: Db,
  guild: GuildClient,
  member: Pick<UserRow, 'id' | 'discordId'>,
): Promise<DiscordSyncReport> {
  if (!member.discordId) {
    throw conflict('member_not_on_discord', 'This member has no linked Discord account');
  }
  const inGuild = await guild.member(member.discordId);
  const changed = await syncOne(db, member.id, inGuild);
  return {
    checked: 1,
    changed: changed && inGuild ? 1 : 0,
    left: changed && !inGuild ? 1 : 0,
  };
}
