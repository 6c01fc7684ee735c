import {
  DISCORD_SYNC_DEFAULT_INTERVAL,
  DISCORD_SYNC_FAILURES,
  DISCORD_SYNC_INTERVALS,
  type DiscordSyncFailure,
  type DiscordSyncReport,
  type DiscordSyncStatus,
} from '@guildhall/contract';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { discordSync, jobs, users } from '../../db/schema.js';
import type { Job } from '../../jobs/job.js';
import { jobIsRunning } from '../../jobs/leases.js';
import {
  GuildUnavailableError,
  type GuildClient,
  type GuildMember,
} from '../../integrations/discord/guild-client.js';
import { theRow } from '../../lib/rows.js';
import { applyDiscordRoles, markLeft } from './membership.js';

/** How long an instance holds the sync: longer than a sync of the largest guild takes. */
const LEASE_MS = 15 * 60_000;
export const SYNC_ROW = 1;
export const DISCORD_SYNC_JOB = 'discord-sync';
/** Scheduled syncs failing in a row before admins are told on the dashboard: one may be a blip. */
const FAILURES_TO_TELL = 2;

/** The sync's row, made on first use. */
export async function syncRow(db: Db) {
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
    running: await jobIsRunning(db, DISCORD_SYNC_JOB),
  };
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

/** Whether the scheduled sync is due: its job's next run has come (never run: it is). */
export async function syncIsDue(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ nextRunAt: jobs.nextRunAt })
    .from(jobs)
    .where(eq(jobs.name, DISCORD_SYNC_JOB));
  return !row || row.nextRunAt.getTime() <= now.getTime();
}

/**
 * Records how the sync went. A failure counts towards the dashboard's notice only when the
 * schedule ran it; any success, the admin's too, shows that the bot reads the guild again and
 * clears the count.
 */
async function recordOutcome(
  db: Db,
  outcome: { failure: DiscordSyncFailure | null; scheduled: boolean },
): Promise<void> {
  const now = new Date();
  await syncRow(db);
  await db
    .update(discordSync)
    .set({
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

/**
 * Applies what Discord says of one member (null: not in the guild) in one transaction of its own:
 * the guild sync's and the sync of one member's.
 */
export async function syncOne(
  db: Db,
  memberId: string,
  inGuild: GuildMember | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
    if (!member) return false;
    return inGuild ? applyDiscordRoles(tx, member, inGuild.roleIds) : markLeft(tx, member);
  });
}

/**
 * Re-reads every member with a Discord account from the guild and applies what changed: the
 * member list in one pass when the bot has the Server Members intent, else one read per member
 * (which needs no privileged intent). Runs under the `discord-sync` job's lease (its caller
 * holds it). A failure is recorded (why and when, shown to admins) and logged as a warning, then
 * thrown.
 */
async function syncGuild(options: {
  db: Db;
  guild: GuildClient;
  log: FastifyBaseLogger;
  scheduled: boolean;
}): Promise<DiscordSyncReport> {
  const { db, guild, log, scheduled } = options;
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
    if (scheduled) log.info(report, 'Discord membership synced');
    return report;
  } catch (error) {
    failure = failureOf(error);
    log.warn({ err: error, failure, scheduled }, 'Discord sync failed');
    throw error;
  } finally {
    await recordOutcome(db, { failure, scheduled });
  }
}

/**
 * The guild sync as a job (decision 059): due the admin's interval after the last one ended,
 * whoever ran it; a failure waits for the next interval, never retried at once (a refused bot
 * token must not hammer Discord). `scheduled`: the runner runs it, rather than an admin.
 */
export function discordSyncJob(deps: {
  db: Db;
  guild: GuildClient;
  log: FastifyBaseLogger;
  scheduled: boolean;
}): Job<DiscordSyncReport> {
  return {
    name: DISCORD_SYNC_JOB,
    leaseMs: LEASE_MS,
    next: async (finishedAt) =>
      new Date(finishedAt.getTime() + (await syncRow(deps.db)).intervalMinutes * 60_000),
    run: () => syncGuild(deps),
    failureOf,
  };
}
