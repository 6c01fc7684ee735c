import { z } from 'zod';

/** The background jobs (decision 059), each declared once on the server (apps/server/src/jobs). */
export const JOB_NAMES = [
  /** Re-reads the Discord guild's members at the admin's interval. */
  'discord-sync',
  /** Sends the Discord outbox's due posts. */
  'discord-outbox',
  /** Queues the Discord reminders of events starting within a day. */
  'event-reminders',
  /** Applies the membership point rules once per organisation day. */
  'membership-points',
  /** Takes the daily League rank snapshots, a few accounts a minute. */
  'league-snapshots',
  /** Keeps linked League accounts' ranks and recent games fresh, within the Riot key's budget. */
  'league-warm',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** One job as admins read it: whether this instance runs it, and where it stands. */
export const jobStatusSchema = z.object({
  name: z.enum(JOB_NAMES),
  /** This instance's setting switches it on (another instance may differ). */
  enabled: z.boolean(),
  /** When its last run started and ended; null if it never did. */
  last_started_at: z.iso.datetime().nullable(),
  last_finished_at: z.iso.datetime().nullable(),
  /** Its last failed run, kept after later successes: a short code (no error text) and when. */
  last_failure: z.object({ code: z.string(), at: z.iso.datetime() }).nullable(),
  /** When it is next due; null if it never ran and no instance has declared it yet. */
  next_run_at: z.iso.datetime().nullable(),
  /** An instance holds its lease now. */
  running: z.boolean(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** GET /api/jobs: every job, in JOB_NAMES' order. */
export const jobListSchema = z.object({ jobs: z.array(jobStatusSchema) });
export type JobList = z.infer<typeof jobListSchema>;
