import {
  DISCORD_SYNC_DEFAULT_INTERVAL,
  DISCORD_SYNC_FAILURES,
  DISCORD_SYNC_INTERVALS,
  type DiscordSyncFailure,
  type DiscordSyncReport,
  type DiscordSyncSchedule,
  type DiscordSyncStatus,
} from '@guildhall/contract';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { discordSync, users, type UserRow } from '../../db/schema.js';
import {
  GuildUnavailableError,
  type GuildClient,
  type GuildMember,
} from '../../integrations/discord/guild-client.js';
import { conflict } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import { applyDiscordRoles, markLeft } from './membership.js';

/** How long an instance holds the sync: longer than a sync of the largest guild takes. */
const LEASE_MS = 15 * 60_000;
const SYNC_ROW = 1;
/** Scheduled syncs failing in a row before admins are told on the dashboard: one may be a blip. */
const FAILURES_TO_TELL = 2;

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
    last_failure:
      row.lastFailedAt && row.lastErrorCode
        ? { code: failureCode(row.lastErrorCode), at: row.lastFailedAt.toISOString() }
        : null,
    failing: row.scheduledFailures >= FAILURES_TO_TELL,
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

/** A stored failure as the contract knows it; one this release does not name is generic. */
function failureCode(code: string): DiscordSyncFailure {
  return DISCORD_SYNC_FAILURES.find((known) => known === code) ?? 'sync_failed';
}

/** Why a sync failed: what Discord answered, or a failure on Guildhall's side. */
function failureOf(error: unknown): DiscordSyncFailure {
  return error instanceof GuildUnavailableError ? error.reason : 'sync_failed';
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

/**
 * Ends the sync: the lease given back and how it went recorded. A failure counts towards the
 * dashboard's notice only when the schedule ran it; any success, the admin's too, shows that the
 * bot reads the guild again and clears the count.
 */
async function releaseLease(
  db: Db,
  outcome: { failure: DiscordSyncFailure | null; scheduled: boolean },
): Promise<void> {
  const now = new Date();
  await db
    .update(discordSync)
    .set({
      leaseUntil: null,
      lastFinishedAt: now,
      ...(outcome.failure === null
        ? { scheduledFailures: 0 }
        : {
            lastErrorCode: outcome.failure,
            lastFailedAt: now,
            ...(outcome.scheduled && {
              scheduledFailures: sql`${discordSync.scheduledFailures} + 1`,
            }),
          }),
    })
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
 * A failure is recorded (why and when, shown to admins) and logged as a warning, then thrown:
 * every error but the 409 has been logged.
 */
export async function syncAllMembers(options: {
  db: Db;
  guild: GuildClient;
  log: FastifyBaseLogger;
  /** The schedule runs it, rather than an admin: its failures in a row are counted. */
  scheduled?: boolean;
}): Promise<DiscordSyncReport> {
  const { db, guild, log, scheduled = false } = options;
  let claimed: boolean;
  try {
    claimed = await claimLease(db);
  } catch (error) {
    log.warn({ err: error, scheduled }, 'Discord sync could not start');
    throw error;
  }
  if (!claimed) throw conflict('discord_sync_running', 'A sync with Discord is already running');
  let failure: DiscordSyncFailure | null = null;
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
  } catch (error) {
    failure = failureOf(error);
    log.warn({ err: error, failure, scheduled }, 'Discord sync failed');
    throw error;
  } finally {
    await releaseLease(db, { failure, scheduled });
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
