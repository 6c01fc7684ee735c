import {
  encodeCursor,
  type Event,
  type EventAudience,
  type EventOccurrence,
  type EventOccurrenceDetail,
  type Page,
  type RsvpCounts,
} from '@guildhall/contract';
import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterCursor, exactInstant } from '../../db/keyset.js';
import {
  eventAudiences,
  eventOccurrences,
  eventRsvps,
  events,
  teamRoleMembers,
  teamRoles,
  teams,
  users,
  type EventOccurrenceRow,
  type EventRow,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import {
  isInAudience,
  managesAudience,
  seesEvent,
  type Audience,
  type EventViewer,
} from '../../policies/relationships.js';
import { audienceIn, audienceOfEvent, audiencesOf, visibleSql } from './event-access.js';
import { reminderDestinations } from './reminder-destinations.js';
import { answerOrder } from './seats.js';

/** The first members a manager is shown as not having answered; the count says the rest. */
export const UNANSWERED_SHOWN = 100;

export const eventNotFound = () =>
  notFound('event_not_found', 'No event with this id is shown to you');

type Joined = { occurrence: EventOccurrenceRow; event: EventRow };

/**
 * The occurrences the viewer sees that have not ended by `from`, soonest first; with `teamId`,
 * only those whose audience names the team or one of its roles (an audience row carries its
 * role's team, so one indexed read finds both; the organisation's events have no such row).
 */
export async function listOccurrences(
  db: Db,
  viewer: EventViewer,
  {
    from,
    to,
    limit,
    teamId,
    cursor,
  }: {
    from: Date;
    to?: Date | undefined;
    limit: number;
    teamId?: string | undefined;
    /** The last occurrence of the page before: its start and id (decision 061). */
    cursor?: [string, string] | undefined;
  },
): Promise<Page<EventOccurrence>> {
  const rows = await db
    .select({
      occurrence: eventOccurrences,
      event: events,
      exactStart: exactInstant(eventOccurrences.startsAt),
    })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .where(
      and(
        gt(eventOccurrences.endsAt, from),
        to ? lt(eventOccurrences.startsAt, to) : undefined,
        visibleSql(viewer),
        teamId
          ? inArray(
              events.id,
              db
                .select({ id: eventAudiences.eventId })
                .from(eventAudiences)
                .where(eq(eventAudiences.teamId, teamId)),
            )
          : undefined,
        afterCursor('asc', [eventOccurrences.startsAt, eventOccurrences.id], cursor),
      ),
    )
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await presentOccurrences(db, viewer, page),
    next_cursor:
      rows.length > limit && last ? encodeCursor([last.exactStart, last.occurrence.id]) : null,
  };
}

async function presentOccurrences(
  db: Db,
  viewer: EventViewer,
  rows: Joined[],
): Promise<EventOccurrence[]> {
  if (rows.length === 0) return [];
  const occurrenceIds = rows.map((row) => row.occurrence.id);
  const [counts, mine, audiences] = await Promise.all([
    countsOf(db, occurrenceIds),
    db
      .select()
      .from(eventRsvps)
      .where(
        and(
          inArray(eventRsvps.occurrenceId, occurrenceIds),
          eq(eventRsvps.userId, viewer.member.id),
        ),
      ),
    audiencesOf(
      db,
      rows.map((row) => row.event),
    ),
  ]);
  const mineById = new Map(mine.map((rsvp) => [rsvp.occurrenceId, rsvp]));
  return rows.map(({ occurrence, event }) => {
    const rsvp = mineById.get(occurrence.id);
    return {
      _id: occurrence.id,
      event_id: event.id,
      title: event.title,
      type: event.type,
      location: event.location,
      opponent: event.opponent,
      starts_at: occurrence.startsAt.toISOString(),
      ends_at: occurrence.endsAt.toISOString(),
      time_zone: event.timeZone,
      rsvp_deadline: (occurrence.rsvpDeadline ?? occurrence.startsAt).toISOString(),
      cancelled: occurrence.cancelled,
      capacity: event.capacity,
      counts: counts.get(occurrence.id) ?? { going: 0, maybe: 0, not_going: 0, waitlisted: 0 },
      my_rsvp: rsvp
        ? { answer: rsvp.answer, comment: rsvp.comment, waitlisted: rsvp.waitlisted }
        : null,
      invited: isInAudience(viewer, audienceIn(audiences, event)),
      can_manage: managesAudience(viewer, audienceIn(audiences, event)),
    };
  });
}

async function countsOf(db: Db, occurrenceIds: string[]): Promise<Map<string, RsvpCounts>> {
  const rows = await db
    .select({
      occurrenceId: eventRsvps.occurrenceId,
      answer: eventRsvps.answer,
      waitlisted: eventRsvps.waitlisted,
      n: count(),
    })
    .from(eventRsvps)
    .where(inArray(eventRsvps.occurrenceId, occurrenceIds))
    .groupBy(eventRsvps.occurrenceId, eventRsvps.answer, eventRsvps.waitlisted);
  const byId = new Map<string, RsvpCounts>();
  for (const row of rows) {
    const counts = byId.get(row.occurrenceId) ?? {
      going: 0,
      maybe: 0,
      not_going: 0,
      waitlisted: 0,
    };
    if (row.waitlisted) counts.waitlisted += row.n;
    else counts[row.answer] += row.n;
    byId.set(row.occurrenceId, counts);
  }
  return byId;
}

/**
 * One occurrence the viewer sees (`seesEvent`), with its event and its audience; 404 otherwise,
 * as for an occurrence that does not exist.
 */
export async function visibleOccurrence(
  db: Db,
  viewer: EventViewer,
  id: string,
): Promise<Joined & { audience: Audience }> {
  const [row] = await db
    .select({ occurrence: eventOccurrences, event: events })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .where(eq(eventOccurrences.id, id))
    .limit(1);
  if (!row) throw eventNotFound();
  const audience = await audienceOfEvent(db, row.event);
  if (!seesEvent(viewer, audience)) throw eventNotFound();
  return { ...row, audience };
}

async function audienceOf(db: Db, event: EventRow): Promise<EventAudience> {
  const rows = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      roleId: teamRoles.id,
      roleName: teamRoles.name,
    })
    .from(eventAudiences)
    .innerJoin(teams, eq(teams.id, eventAudiences.teamId))
    .leftJoin(teamRoles, eq(teamRoles.id, eventAudiences.roleId))
    .where(eq(eventAudiences.eventId, event.id))
    .orderBy(asc(teams.name), asc(teamRoles.position));
  return {
    kind: event.audienceKind,
    teams: rows.flatMap((row) => (row.roleId ? [] : [{ _id: row.teamId, name: row.teamName }])),
    roles: rows.flatMap((row) =>
      row.roleId && row.roleName
        ? [{ _id: row.roleId, name: row.roleName, team_id: row.teamId, team_name: row.teamName }]
        : [],
    ),
  };
}

/** SQL: the member `users.id` is invited by the event's audience. */
export function audienceMembersSql(event: EventRow): ReturnType<typeof sql> {
  if (event.audienceKind === 'organization') return sql`true`;
  return sql`exists (
    select 1 from ${teamRoleMembers}
    join ${teamRoles} on ${teamRoles.id} = ${teamRoleMembers.roleId}
    join ${eventAudiences} on ${eventAudiences.eventId} = ${event.id}
      and ${eventAudiences.teamId} = ${teamRoles.teamId}
      and (${eventAudiences.roleId} is null or ${eventAudiences.roleId} = ${teamRoles.id})
    where ${teamRoleMembers.userId} = ${users.id})`;
}

/** The event page: details, who is coming; every answer and who has not answered for managers. */
export async function occurrenceDetail(
  db: Db,
  viewer: EventViewer,
  id: string,
): Promise<EventOccurrenceDetail> {
  const joined = await visibleOccurrence(db, viewer, id);
  const [item] = await presentOccurrences(db, viewer, [joined]);
  if (!item) throw eventNotFound();
  const { event } = joined;
  const answers = await db
    .select({ rsvp: eventRsvps, pseudo: users.pseudo })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(eq(eventRsvps.occurrenceId, id))
    .orderBy(...answerOrder);
  const going = answers
    .filter(({ rsvp }) => rsvp.answer === 'going' && !rsvp.waitlisted)
    .map(({ rsvp, pseudo }) => ({ _id: rsvp.userId, pseudo }));
  let unanswered: EventOccurrenceDetail['unanswered'] = null;
  if (item.can_manage) {
    const notAnswered = and(
      audienceMembersSql(event),
      sql`not exists (select 1 from ${eventRsvps} where ${eventRsvps.occurrenceId} = ${id} and ${eventRsvps.userId} = ${users.id})`,
    );
    const [total] = await db.select({ n: count() }).from(users).where(notAnswered);
    const members = await db
      .select({ _id: users.id, pseudo: users.pseudo })
      .from(users)
      .where(notAnswered)
      .orderBy(asc(users.pseudoKey))
      .limit(UNANSWERED_SHOWN);
    unanswered = { count: total?.n ?? 0, members };
  }
  return {
    ...item,
    description: event.description,
    audience: await audienceOf(db, event),
    going,
    answers: item.can_manage
      ? answers.map(({ rsvp, pseudo }) => ({
          member: { _id: rsvp.userId, pseudo },
          answer: rsvp.answer,
          comment: rsvp.comment,
          waitlisted: rsvp.waitlisted,
          answered_at: rsvp.answeredAt.toISOString(),
        }))
      : null,
    unanswered,
    reminder_channels: item.can_manage ? (await reminderDestinations(db, event)).length : null,
  };
}

/** An event (the series) for its edit form; 404 when the viewer does not see it. */
export async function eventDetail(db: Db, viewer: EventViewer, id: string): Promise<Event> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!event) throw eventNotFound();
  const rules = await audienceOfEvent(db, event);
  if (!seesEvent(viewer, rules)) throw eventNotFound();
  const [audience, occurrences] = await Promise.all([
    audienceOf(db, event),
    db
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, id))
      .orderBy(asc(eventOccurrences.startsAt)),
  ]);
  return {
    _id: event.id,
    title: event.title,
    type: event.type,
    description: event.description,
    description_markdown: event.descriptionMarkdown,
    time_zone: event.timeZone,
    location: event.location,
    opponent: event.opponent,
    audience,
    capacity: event.capacity,
    recurrence: event.recurrenceRule
      ? { rule: event.recurrenceRule, exceptions: event.recurrenceExceptions }
      : null,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    rsvp_deadline:
      event.rsvpDeadlineMinutes === null
        ? null
        : new Date(event.startsAt.getTime() - event.rsvpDeadlineMinutes * 60_000).toISOString(),
    occurrences: occurrences.map((occurrence) => ({
      _id: occurrence.id,
      starts_at: occurrence.startsAt.toISOString(),
      ends_at: occurrence.endsAt.toISOString(),
      rsvp_deadline: occurrence.rsvpDeadline?.toISOString() ?? null,
      cancelled: occurrence.cancelled,
      moved: occurrence.moved,
    })),
    can_manage: managesAudience(viewer, rules),
  };
}

/** One occurrence as lists show it (after an answer), when the viewer sees it. */
export async function listOccurrenceById(
  db: Db,
  viewer: EventViewer,
  id: string,
): Promise<EventOccurrence> {
  const [item] = await presentOccurrences(db, viewer, [await visibleOccurrence(db, viewer, id)]);
  if (!item) throw eventNotFound();
  return item;
}
