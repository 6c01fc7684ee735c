import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  eventOccurrences,
  eventRsvps,
  events,
  users,
  type EventOccurrenceRow,
  type EventRow,
} from '../../db/schema.js';
import { every, type Job } from '../../jobs/job.js';
import { enqueuePost } from '../discord-webhooks/outbox.js';
import { audienceMembersSql } from './read-events.js';
import { reminderDestinations } from './reminder-destinations.js';

/*
 * Reminders of events in Discord (decision 037): a post in the channel of each team the event is
 * for (its webhook, `team:{id}`), or the announcements channel for the organisation's events. It
 * names those going and mentions those who have not answered. Posts go through the outbox
 * (decision 036), whose unique key queues each reminder once, however many instances look.
 */

/** How long before an occurrence its reminder is posted. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;
/** The most members a reminder mentions (Discord's own limit is 100). */
const MENTIONS_MAX = 50;

/** The reminder's text: when, who is going, and a mention of those who have not answered. */
async function reminderPayload(
  db: Db,
  event: EventRow,
  occurrence: EventOccurrenceRow,
  link: string,
) {
  const going = await db
    .select({ pseudo: users.pseudo })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(
      and(
        eq(eventRsvps.occurrenceId, occurrence.id),
        eq(eventRsvps.answer, 'going'),
        eq(eventRsvps.waitlisted, false),
      ),
    )
    .orderBy(asc(users.pseudoKey));
  // The organisation's events are for everyone: mentioning them all would be a ping storm.
  const silent =
    event.audienceKind === 'organization'
      ? []
      : await db
          .select({ discordId: users.discordId })
          .from(users)
          .where(
            and(
              audienceMembersSql(event),
              sql`${users.discordId} is not null`,
              sql`not exists (select 1 from ${eventRsvps} where ${eventRsvps.occurrenceId} = ${occurrence.id} and ${eventRsvps.userId} = ${users.id})`,
            ),
          )
          .orderBy(asc(users.pseudoKey))
          .limit(MENTIONS_MAX);
  const mentioned = silent.flatMap((row) => (row.discordId ? [row.discordId] : []));
  const when = new Intl.DateTimeFormat('fr-FR', {
    timeZone: event.timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(occurrence.startsAt);
  const lines = [
    `⏰ **${event.title.replaceAll('*', '\\*')}**, ${when}${event.location ? ` (${event.location})` : ''}`,
    going.length > 0
      ? `Présents (${going.length}) : ${going.map((row) => row.pseudo).join(', ')}`
      : 'Personne n’a encore répondu « présent ».',
    ...(mentioned.length > 0
      ? [`Pas encore de réponse : ${mentioned.map((id) => `<@${id}>`).join(' ')}`]
      : []),
    link,
  ];
  return {
    content: lines.join('\n').slice(0, 2000),
    // Only those who have not answered are pinged, by id; never @everyone or a role.
    allowed_mentions: { parse: [], users: mentioned },
  };
}

/** Queues the reminder of one occurrence to each of its destinations, once per `key`. */
export async function queueReminder(
  db: Db,
  event: EventRow,
  occurrence: EventOccurrenceRow,
  key: string,
  origin: string,
): Promise<{ channels: number; queued: number }> {
  const destinations = await reminderDestinations(db, event);
  if (destinations.length === 0) return { channels: 0, queued: 0 };
  const payload = await reminderPayload(db, event, occurrence, `${origin}/events/${occurrence.id}`);
  let queued = 0;
  for (const destination of destinations) {
    const isNew = await enqueuePost(db, {
      destination,
      dedupeKey: `event:${occurrence.id}:${key}:${destination}`,
      payload,
    });
    if (isNew) queued += 1;
  }
  return { channels: destinations.length, queued };
}

/**
 * Queues the reminders of the occurrences starting within REMINDER_LEAD_MS that have a channel:
 * each one once (the outbox's key), whichever instance runs this, however often.
 */
export async function queueDueReminders({
  db,
  origin,
  now = new Date(),
}: {
  db: Db;
  origin: string;
  now?: Date;
}): Promise<number> {
  const due = await db
    .select({ occurrence: eventOccurrences, event: events })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .where(
      and(
        eq(eventOccurrences.cancelled, false),
        gt(eventOccurrences.startsAt, now),
        lte(eventOccurrences.startsAt, new Date(now.getTime() + REMINDER_LEAD_MS)),
        sql`not exists (select 1 from discord_outbox where dedupe_key like 'event:' || ${eventOccurrences.id} || ':reminder:%')`,
      ),
    )
    .orderBy(asc(eventOccurrences.startsAt))
    .limit(500);
  let queued = 0;
  for (const { event, occurrence } of due) {
    queued += (await queueReminder(db, event, occurrence, 'reminder', origin)).queued;
  }
  return queued;
}

/** How often due reminders are looked for. */
const INTERVAL_MS = 60_000;
const LEASE_MS = 5 * 60_000;

/** Queues due reminders every minute, one instance at a time (decision 059). */
export function remindersJob(deps: {
  db: Db;
  origin: string;
  log: FastifyBaseLogger;
}): Job<number> {
  return {
    name: 'event-reminders',
    leaseMs: LEASE_MS,
    next: every(INTERVAL_MS),
    run: async ({ now }) => {
      const queued = await queueDueReminders({ ...deps, now });
      if (queued > 0) deps.log.info({ queued }, 'event reminders queued');
      return queued;
    },
  };
}
