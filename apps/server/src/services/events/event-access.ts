import type { EventAudienceKind } from '@guildhall/contract';
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  eventAudiences,
  events,
  teamRoleMembers,
  teamRoles,
  type UserRow,
} from '../../db/schema.js';
import { can } from '../../policies/abilities.js';

type Member = Pick<UserRow, 'id' | 'role'>;

/**
 * What decides whether a member sees and manages an event (decision 037): the teams and team roles
 * it holds, and the teams it manages (a role ticked "manages the team").
 */
export interface EventViewer {
  member: Member;
  /** `manage:events`: every event, seen and managed. */
  managesAll: boolean;
  teamIds: string[];
  roleIds: string[];
  managedTeamIds: string[];
}

/** The member's teams, roles and managed teams, in one read. */
export async function eventViewer(db: Db, member: Member): Promise<EventViewer> {
  const rows = await db
    .select({ roleId: teamRoles.id, teamId: teamRoles.teamId, manages: teamRoles.manages })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .where(eq(teamRoleMembers.userId, member.id));
  return {
    member,
    managesAll: can(member, 'manage:events'),
    teamIds: [...new Set(rows.map((row) => row.teamId))],
    roleIds: rows.map((row) => row.roleId),
    managedTeamIds: [...new Set(rows.filter((row) => row.manages).map((row) => row.teamId))],
  };
}

/** An event's audience as the access rules read it. */
export interface AudienceOf {
  kind: EventAudienceKind;
  /** The teams named, also through their roles. */
  teamIds: readonly string[];
}

/**
 * Whether the viewer manages an event for this audience: `manage:events`, or every team it is for
 * managed by the viewer. An event for the whole organisation is the admins'.
 */
export function managesAudience(viewer: EventViewer, audience: AudienceOf): boolean {
  if (viewer.managesAll) return true;
  if (audience.kind === 'organization' || audience.teamIds.length === 0) return false;
  return audience.teamIds.every((teamId) => viewer.managedTeamIds.includes(teamId));
}

/** SQL: the member is invited to the event `events` row (its audience names the member). */
export function invitedSql(viewer: EventViewer): SQL {
  const conditions: SQL[] = [];
  if (viewer.teamIds.length > 0) {
    conditions.push(
      sql`(${eventAudiences.roleId} is null and ${inArray(eventAudiences.teamId, viewer.teamIds)})`,
    );
  }
  if (viewer.roleIds.length > 0) conditions.push(inArray(eventAudiences.roleId, viewer.roleIds));
  const named =
    conditions.length > 0
      ? sql`exists (select 1 from ${eventAudiences} where ${eventAudiences.eventId} = ${events.id} and (${or(...conditions)}))`
      : sql`false`;
  return sql`(${events.audienceKind} = 'organization' or ${named})`;
}

/**
 * SQL: the viewer sees the event `events` row: invited to it, or managing one of the teams it is
 * for. Written as `id in (…)` over the audiences' indexes, so that a list finds the few events a
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
        sql`${eventAudiences.roleId} is null and ${inArray(eventAudiences.teamId, viewer.teamIds)}`,
      ),
    );
  }
  if (viewer.roleIds.length > 0)
    seen.push(fromAudiences(inArray(eventAudiences.roleId, viewer.roleIds)));
  if (viewer.managedTeamIds.length > 0) {
    seen.push(fromAudiences(inArray(eventAudiences.teamId, viewer.managedTeamIds)));
  }
  return sql`${events.id} in (${sql.join(seen, sql` union all `)})`;
}

/** The teams each event's audience names, by event id. */
export async function audienceTeamsOf(
  db: Db,
  eventIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byEvent = new Map<string, string[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectDistinct({ eventId: eventAudiences.eventId, teamId: eventAudiences.teamId })
    .from(eventAudiences)
    .where(inArray(eventAudiences.eventId, [...eventIds]));
  for (const { eventId, teamId } of rows) {
    const teams = byEvent.get(eventId);
    if (teams) teams.push(teamId);
    else byEvent.set(eventId, [teamId]);
  }
  return byEvent;
}
