import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAudiences, events, type EventRow } from '../../db/schema.js';
import type { Member } from '../../policies/abilities.js';
import { eventViewerOf, type Audience, type EventViewer } from '../../policies/relationships.js';
import { readMemberTeamFacts } from '../teams/member-team-facts.js';

/*
 * What the events' relationship rules (policies/relationships.ts: isInAudience, seesEvent,
 * managesAudience) are given, and the same rules as SQL for the lists, which find the few
 * events a member sees among all of them in the query itself.
 */

/** The member's teams, roles and managed teams, in one read, for the rules of the events. */
export async function eventViewer(db: Db, member: Member): Promise<EventViewer> {
  return eventViewerOf(member, await readMemberTeamFacts(db, member.id));
}

/**
 * SQL: the viewer sees the event `events` row, `seesEvent` as a query: invited to it, or managing
 * one of the teams it is for. Written as `id in (…)` over the audiences' indexes, so that a list finds the few events a
 * member sees without testing every occurrence (bench/events.ts).
 */
export function visibleSql(viewer: EventViewer): SQL {
  if (viewer.managesAll) return sql`true`;
  // Its own name inside, so that it never reads the outer query's row.
  const seen: SQL[] = [
    sql.raw(
      `select everyone.id from events as everyone where everyone.audience_kind = 'organization'`,
    ),
  ];
  const fromAudiences = (condition: SQL | undefined) =>
    sql`select ${eventAudiences.eventId} from ${eventAudiences} where ${condition}`;
  if (viewer.teamIds.length > 0) {
    seen.push(
      fromAudiences(
        sql`${eventAudiences.roleId} is null and ${inArray(eventAudiences.teamId, [...viewer.teamIds])}`,
      ),
    );
  }
  if (viewer.roleIds.length > 0)
    seen.push(fromAudiences(inArray(eventAudiences.roleId, [...viewer.roleIds])));
  if (viewer.managedTeamIds.length > 0) {
    seen.push(fromAudiences(inArray(eventAudiences.teamId, [...viewer.managedTeamIds])));
  }
  return sql`${events.id} in (${sql.join(seen, sql` union all `)})`;
}

/** Each event's audience as the rules read it, by event id. */
export async function audiencesOf(
  db: Db,
  of: readonly Pick<EventRow, 'id' | 'audienceKind'>[],
): Promise<Map<string, Audience>> {
  const named = new Map<string, { teamId: string; roleId: string | null }[]>();
  if (of.length > 0) {
    const rows = await db
      .select({
        eventId: eventAudiences.eventId,
        teamId: eventAudiences.teamId,
        roleId: eventAudiences.roleId,
      })
      .from(eventAudiences)
      .where(inArray(eventAudiences.eventId, [...new Set(of.map((event) => event.id))]));
    for (const { eventId, ...row } of rows)
      named.set(eventId, [...(named.get(eventId) ?? []), row]);
  }
  return new Map(
    of.map((event) => {
      const rows = named.get(event.id) ?? [];
      return [
        event.id,
        {
          kind: event.audienceKind,
          teamIds: [...new Set(rows.map((row) => row.teamId))],
          wholeTeamIds: rows.flatMap((row) => (row.roleId === null ? [row.teamId] : [])),
          roleIds: rows.flatMap((row) => (row.roleId === null ? [] : [row.roleId])),
        },
      ];
    }),
  );
}

/** The event's audience from what `audiencesOf` read (an event without rows names no team). */
export const audienceIn = (
  audiences: ReadonlyMap<string, Audience>,
  event: Pick<EventRow, 'id' | 'audienceKind'>,
): Audience =>
  audiences.get(event.id) ?? {
    kind: event.audienceKind,
    teamIds: [],
    wholeTeamIds: [],
    roleIds: [],
  };

/** One event's audience. */
export async function audienceOfEvent(
  db: Db,
  event: Pick<EventRow, 'id' | 'audienceKind'>,
): Promise<Audience> {
  return audienceIn(await audiencesOf(db, [event]), event);
}
