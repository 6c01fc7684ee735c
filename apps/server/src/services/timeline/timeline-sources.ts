import {
  ROLES,
  type MEMBERSHIP_EVENT_KINDS,
  type PointSource,
  type Role,
  type TimelineLine,
} from '@guildhall/contract';
import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { exactInstant } from '../../db/keyset.js';
import type { Db } from '../../db/client.js';
import {
  eventAttendance,
  eventOccurrences,
  events,
  leagueSnapshots,
  memberBadges,
  membershipEvents,
  milestones,
  milestonesReached,
  pointsLedger,
  seasons,
  teams,
  users,
} from '../../db/schema.js';
import type { EventViewer } from '../../policies/relationships.js';
import { visibleSql } from '../events/event-access.js';

/*
 * Each source of the timeline, read newest first from its index from the cursor on, at most
 * `limit` lines: the caller merges them and cuts the page. Lines the reader may not see are left
 * out in SQL, so that a source's `limit` lines are all shown.
 */

/** Where a page starts: the instant of the line before, to the microsecond, and its key. */
export interface Cursor {
  at: string;
  key: string;
}

/** A line with the instant it is ordered by, to the microsecond (as PostgreSQL keeps it). */
export interface SourcedLine {
  exactAt: string;
  line: TimelineLine;
}

export interface SourceQuery {
  memberId: string;
  before: Cursor | undefined;
  limit: number;
}

/** What the reader may see of the member's timeline. */
export interface TimelineReader {
  /** The member itself. */
  self: boolean;
  /** Portal role changes: the member and admins. */
  seesPortalRoles: boolean;
  /** Negative lines given by hand: the member and holders of manage:points. */
  seesCorrections: boolean;
  /** The events the reader may see (a private event stays private). */
  events: EventViewer;
}

const exact = exactInstant;

/** Ids are lowercase hex: the byte order, the same in PostgreSQL and in JavaScript. */
const byteOrder = (key: SQL | PgColumn) => sql`${key} collate "C"`;

/**
 * Lines strictly before the cursor in (instant, key) order. The first term alone bounds the
 * index's range; the second orders the lines of the same instant.
 */
function beforeCursor(at: PgColumn, key: SQL | PgColumn, cursor: Cursor | undefined) {
  if (!cursor) return undefined;
  const instant = sql`${cursor.at}::timestamptz`;
  return sql`(${at} <= ${instant} and (${at} < ${instant} or ${byteOrder(key)} < ${cursor.key}))`;
}

const newestFirst = (at: PgColumn, key: SQL | PgColumn) => [desc(at), sql`${byteOrder(key)} desc`];

const atOf = (exactAt: string) => `${exactAt.slice(0, 23)}Z`;

export async function joinedLines(db: Db, query: SourceQuery): Promise<SourcedLine[]> {
  const rows = await db
    .select({ exactAt: exact(users.createdAt), key: users.id })
    .from(users)
    .where(
      and(eq(users.id, query.memberId), beforeCursor(users.createdAt, users.id, query.before)),
    );
  return rows.map((row) => ({
    exactAt: row.exactAt,
    line: { kind: 'joined', key: row.key, at: atOf(row.exactAt) },
  }));
}

/** "Team · Role", as the membership history records a team role: the role is after the last dot. */
function teamAndRole(detail: string): { team: string; role: string } {
  const at = detail.lastIndexOf(' · ');
  return at < 0
    ? { team: detail, role: '' }
    : { team: detail.slice(0, at), role: detail.slice(at + 3) };
}

export async function membershipLines(
  db: Db,
  query: SourceQuery,
  reader: TimelineReader,
): Promise<SourcedLine[]> {
  const teamKinds = ['team_role_granted', 'team_role_removed'] as const;
  const kinds: (typeof MEMBERSHIP_EVENT_KINDS)[number][] = [
    ...teamKinds,
    ...(reader.seesPortalRoles ? (['role_granted', 'role_removed'] as const) : []),
  ];
  const rows = await db
    .select({
      exactAt: exact(membershipEvents.createdAt),
      key: membershipEvents.id,
      kind: membershipEvents.kind,
      detail: membershipEvents.detail,
      teamId: membershipEvents.teamId,
      teamName: teams.name,
    })
    .from(membershipEvents)
    .leftJoin(teams, eq(teams.id, membershipEvents.teamId))
    .where(
      and(
        eq(membershipEvents.userId, query.memberId),
        inArray(membershipEvents.kind, kinds),
        // A line says which team role or which portal role: one without it would say nothing.
        or(
          and(inArray(membershipEvents.kind, teamKinds), isNotNull(membershipEvents.detail)),
          inArray(membershipEvents.detail, [...ROLES]),
        ),
        beforeCursor(membershipEvents.createdAt, membershipEvents.id, query.before),
      ),
    )
    .orderBy(...newestFirst(membershipEvents.createdAt, membershipEvents.id))
    .limit(query.limit);
  return rows.map((row): SourcedLine => {
    const base = { key: row.key, at: atOf(row.exactAt) };
    const detail = row.detail ?? '';
    const change = row.kind.endsWith('_granted') ? ('granted' as const) : ('removed' as const);
    if (row.kind === 'role_granted' || row.kind === 'role_removed') {
      // The query keeps the portal roles' lines that name a role.
      const line = { ...base, kind: 'portal_role' as const, change, role: detail as Role };
      return { exactAt: row.exactAt, line };
    }
    const recorded = teamAndRole(detail);
    const line = {
      ...base,
      kind: 'team_role' as const,
      change,
      team_id: row.teamId,
      team: row.teamName ?? recorded.team,
      role: recorded.role,
    };
    return { exactAt: row.exactAt, line };
  });
}

/** Present or late, at the occurrence's start, with what it is worth in the ledger now. */
export async function attendanceLines(
  db: Db,
  query: SourceQuery,
  reader: TimelineReader,
): Promise<SourcedLine[]> {
  const subject = sql`'attendance:' || ${eventOccurrences.id} || ':' || ${eventAttendance.userId}`;
  const rows = await db
    .select({
      exactAt: exact(eventOccurrences.startsAt),
      occurrenceId: eventOccurrences.id,
      eventId: events.id,
      title: events.title,
      type: events.type,
      status: eventAttendance.status,
      points: sql<number>`coalesce((select sum(${pointsLedger.points}) from ${pointsLedger} where ${pointsLedger.subject} = ${subject}), 0)::int`,
    })
    .from(eventAttendance)
    .innerJoin(eventOccurrences, eq(eventOccurrences.id, eventAttendance.occurrenceId))
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .where(
      and(
        eq(eventAttendance.userId, query.memberId),
        inArray(eventAttendance.status, ['present', 'late']),
        // The member sees its own attendance, even at an event it is no longer invited to.
        reader.self ? undefined : visibleSql(reader.events),
        beforeCursor(eventOccurrences.startsAt, eventOccurrences.id, query.before),
      ),
    )
    .orderBy(...newestFirst(eventOccurrences.startsAt, eventOccurrences.id))
    .limit(query.limit);
  return rows.map((row) => ({
    exactAt: row.exactAt,
    line: {
      kind: 'attended',
      key: row.occurrenceId,
      at: atOf(row.exactAt),
      event_id: row.eventId,
      occurrence_id: row.occurrenceId,
      title: row.title,
      event_type: row.type,
      // The query keeps present and late only.
      status: row.status as 'present' | 'late',
      points: row.points,
    },
  }));
}

/** Points other than attendance's (those are on the attendance's line). */
export async function pointLines(
  db: Db,
  query: SourceQuery,
  reader: TimelineReader,
): Promise<SourcedLine[]> {
  const rows = await db
    .select({
      exactAt: exact(pointsLedger.createdAt),
      key: pointsLedger.id,
      source: pointsLedger.source,
      points: pointsLedger.points,
      reason: pointsLedger.reason,
      detail: pointsLedger.detail,
    })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, query.memberId),
        inArray(pointsLedger.source, ['membership', 'league', 'manual']),
        reader.seesCorrections
          ? undefined
          : sql`not (${pointsLedger.source} = 'manual' and ${pointsLedger.points} < 0)`,
        beforeCursor(pointsLedger.createdAt, pointsLedger.id, query.before),
      ),
    )
    .orderBy(...newestFirst(pointsLedger.createdAt, pointsLedger.id))
    .limit(query.limit);
  return rows.map((row) => ({
    exactAt: row.exactAt,
    line: {
      kind: 'points',
      key: row.key,
      at: atOf(row.exactAt),
      // The query leaves attendance's lines out.
      source: row.source as Exclude<PointSource, 'attendance'>,
      points: row.points,
      reason: row.reason,
      detail: row.detail,
    },
  }));
}

export async function milestoneLines(db: Db, query: SourceQuery): Promise<SourcedLine[]> {
  // No id of its own: the season and the milestone, unique for the member.
  const key = sql<string>`${milestonesReached.seasonId} || ${milestonesReached.milestoneId}`;
  const rows = await db
    .select({
      exactAt: exact(milestonesReached.reachedAt),
      key,
      milestoneId: milestones.id,
      name: milestones.name,
      icon: milestones.icon,
      colour: milestones.colour,
      seasonId: seasons.id,
      seasonName: seasons.name,
    })
    .from(milestonesReached)
    .innerJoin(milestones, eq(milestones.id, milestonesReached.milestoneId))
    .innerJoin(seasons, eq(seasons.id, milestonesReached.seasonId))
    .where(
      and(
        eq(milestonesReached.userId, query.memberId),
        beforeCursor(milestonesReached.reachedAt, key, query.before),
      ),
    )
    .orderBy(...newestFirst(milestonesReached.reachedAt, key))
    .limit(query.limit);
  return rows.map((row) => ({
    exactAt: row.exactAt,
    line: {
      kind: 'milestone',
      key: row.key,
      at: atOf(row.exactAt),
      milestone_id: row.milestoneId,
      name: row.name,
      icon: row.icon,
      colour: row.colour,
      season: { _id: row.seasonId, name: row.seasonName },
    },
  }));
}

export async function badgeLines(db: Db, query: SourceQuery): Promise<SourcedLine[]> {
  const rows = await db
    .select({
      exactAt: exact(memberBadges.createdAt),
      key: memberBadges.id,
      name: memberBadges.name,
      icon: memberBadges.icon,
      colour: memberBadges.colour,
      reason: memberBadges.reason,
    })
    .from(memberBadges)
    .where(
      and(
        eq(memberBadges.userId, query.memberId),
        beforeCursor(memberBadges.createdAt, memberBadges.id, query.before),
      ),
    )
    .orderBy(...newestFirst(memberBadges.createdAt, memberBadges.id))
    .limit(query.limit);
  return rows.map((row) => ({
    exactAt: row.exactAt,
    line: {
      kind: 'badge',
      key: row.key,
      at: atOf(row.exactAt),
      badge_id: row.key,
      name: row.name,
      icon: row.icon,
      colour: row.colour,
      reason: row.reason,
    },
  }));
}

/** The days a League rank moved (the snapshots' partial index holds only those). */
export async function leagueLines(db: Db, query: SourceQuery): Promise<SourcedLine[]> {
  const rows = await db
    .select({
      exactAt: exact(leagueSnapshots.takenAt),
      key: leagueSnapshots.id,
      queue: leagueSnapshots.queue,
      tier: leagueSnapshots.tier,
      division: leagueSnapshots.division,
      change: leagueSnapshots.change,
    })
    .from(leagueSnapshots)
    .where(
      and(
        eq(leagueSnapshots.userId, query.memberId),
        isNotNull(leagueSnapshots.change),
        beforeCursor(leagueSnapshots.takenAt, leagueSnapshots.id, query.before),
      ),
    )
    .orderBy(...newestFirst(leagueSnapshots.takenAt, leagueSnapshots.id))
    .limit(query.limit);
  return rows.map((row) => ({
    exactAt: row.exactAt,
    line: {
      kind: 'league_rank',
      key: row.key,
      at: atOf(row.exactAt),
      queue: row.queue,
      tier: row.tier,
      division: row.division,
      // The query keeps the rows with a change only.
      change: row.change as 'up' | 'down',
    },
  }));
}
