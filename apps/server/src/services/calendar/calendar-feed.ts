import type { RsvpAnswer } from '@guildhall/contract';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { Db } from '../../db/client.js';
import {
  eventOccurrences,
  eventRsvps,
  events,
  organization,
  type UserRow,
} from '../../db/schema.js';
import { eventViewer, visibleSql } from '../events/event-access.js';
import { markupToText } from './plain-text.js';

const DAY = 86_400_000;
/** The feed's window: the past month (what just happened) and the year ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 366;
/**
 * At most this many occurrences, soonest first: a year of a member's events is a few hundred
 * (5,000 events a season for the whole organisation, decision 037); the bound keeps a feed's
 * size and time in check whatever the data.
 */
export const FEED_MAX_OCCURRENCES = 3000;

/** The member's answer as the feed shows it. */
type FeedAnswer = RsvpAnswer | 'waitlisted' | 'none';

/** Put before the title, so that every calendar app shows the answer in its grid. */
const SUMMARY_PREFIX: Record<FeedAnswer, string> = {
  going: '✓ ',
  waitlisted: '⏳ ',
  maybe: '? ',
  not_going: '✗ ',
  none: '',
};

const ANSWER_TEXT: Record<FeedAnswer, string> = {
  going: 'présent',
  waitlisted: "présent, en liste d'attente",
  maybe: 'peut-être',
  not_going: 'absent',
  none: 'pas encore répondu',
};

const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.map((date) => date?.getTime() ?? 0)));

/**
 * The member's private iCalendar feed: one VEVENT per occurrence of the events it is invited to,
 * from 30 days ago up to a year ahead, with its own answer in the summary and the description.
 *
 * Only the events the member is invited to (`isInAudience`), not every event it sees: the feed
 * is the member's own agenda, where it is expected. A team's manager that is not in an event's
 * audience (a coach planning the players' training) and the admins, who see every event of the
 * organisation, find those in the app; in their calendar they would be events they are not asked
 * to attend, and for admins the whole organisation's season.
 *
 * Times are written in UTC (`DTSTART:…Z`): occurrences are stored as instants, the event's zone
 * already applied when the series was expanded (decision 037), and UTC needs no VTIMEZONE.
 * ical-generator 10.2.0 given a Date with a TZID writes the date's UTC clock time under that
 * TZID, without a VTIMEZONE (a zone-aware date library would be needed): wrong by the offset.
 */
export async function buildCalendarFeed({
  db,
  member,
  origin,
  now = new Date(),
}: {
  db: Db;
  member: Pick<UserRow, 'id' | 'role'>;
  /** The server's public origin, for the events' pages. */
  origin: URL;
  now?: Date;
}): Promise<string> {
  const viewer = await eventViewer(db, member);
  const [org] = await db.select({ name: organization.name }).from(organization).limit(1);
  const rows = await db
    .select({ occurrence: eventOccurrences, event: events, rsvp: eventRsvps })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .leftJoin(
      eventRsvps,
      and(eq(eventRsvps.occurrenceId, eventOccurrences.id), eq(eventRsvps.userId, member.id)),
    )
    .where(
      and(
        gt(eventOccurrences.endsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY)),
        lt(eventOccurrences.startsAt, new Date(now.getTime() + FEED_FUTURE_DAYS * DAY)),
        // Invited: what a viewer that manages nothing sees, in visibleSql's indexed form.
        visibleSql({ ...viewer, managesAll: false, managedTeamIds: [] }),
      ),
    )
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
    .limit(FEED_MAX_OCCURRENCES);

  const name = org?.name ?? 'Guildhall';
  const calendar = ical({
    name,
    prodId: { company: 'guildhall', product: 'guildhall', language: 'FR' },
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: the apps that read them poll hourly.
    ttl: 60 * 60,
  });
  for (const { occurrence, event, rsvp } of rows) {
    const answer: FeedAnswer = rsvp ? (rsvp.waitlisted ? 'waitlisted' : rsvp.answer) : 'none';
    const page = new URL(`/events/${occurrence.id}`, origin).toString();
    const description = [
      `Votre réponse : ${ANSWER_TEXT[answer]}`,
      ...(event.opponent ? [`Adversaire : ${event.opponent}`] : []),
      ...(event.description ? ['', markupToText(event.description)] : []),
      '',
      page,
    ].join('\n');
    calendar.createEvent({
      id: `${occurrence.id}@guildhall`,
      start: occurrence.startsAt,
      end: occurrence.endsAt,
      summary: `${SUMMARY_PREFIX[answer]}${event.title}`,
      location: event.location || null,
      description,
      url: page,
      status: occurrence.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // Not going, or cancelled: the time shows as free.
      transparency:
        occurrence.cancelled || answer === 'not_going'
          ? ICalEventTransparency.TRANSPARENT
          : ICalEventTransparency.OPAQUE,
      lastModified: latest(event.updatedAt, rsvp?.answeredAt),
      stamp: now,
      x: [['X-GUILDHALL-RSVP', answer]],
    });
  }
  // ical-generator 10 ends every line with CRLF but the last: RFC 5545 (3.1, 3.4) ends each
  // content line, END:VCALENDAR included, with one, and strict readers refuse a feed without it.
  return `${calendar.toString()}\r\n`;
}
