import type { AccessRule, EventAudienceKind } from '@guildhall/contract';
import { can, type Member } from './abilities.js';

/*
 * Who may do what because of where a member stands, beside what its role allows (abilities.ts):
 * managing a team, being in an event's audience, revealing a password. Pure functions of plain
 * facts, no I/O: the services read the facts (services/teams/member-team-facts.ts, one read of
 * the member's team roles) and ask these rules. Lists that filter rows in SQL (the events a member
 * sees, the passwords it may open) write the same rules as a query beside the service that reads
 * them (services/events/event-access.ts, services/passwords/access.ts); docs/permissions.md.
 */

/** A member's place in the teams, as one read gives it. */
export interface TeamFacts {
  /** The teams it holds a role in. */
  teamIds: readonly string[];
  /** The team roles it holds. */
  roleIds: readonly string[];
  /** The names of its roles in each team it is in (password rules name roles). */
  roleNamesByTeam: Readonly<Record<string, readonly string[]>>;
  /** The teams one of its roles manages (a role ticked "manages the team", decision 037). */
  managedTeamIds: readonly string[];
}

/** A member with nothing in any team. */
export const NO_TEAM_FACTS: TeamFacts = {
  teamIds: [],
  roleIds: [],
  roleNamesByTeam: {},
  managedTeamIds: [],
};

/** One role the member holds: what the read of its team roles gives, row by row. */
export interface HeldTeamRole {
  teamId: string;
  roleId: string;
  role: string;
  manages: boolean;
}

/** The facts from the member's roles. */
export function teamFactsOf(held: readonly HeldTeamRole[]): TeamFacts {
  const roleNamesByTeam: Record<string, string[]> = {};
  for (const { teamId, role } of held) (roleNamesByTeam[teamId] ??= []).push(role);
  return {
    teamIds: Object.keys(roleNamesByTeam),
    roleIds: held.map((row) => row.roleId),
    roleNamesByTeam,
    managedTeamIds: [...new Set(held.filter((row) => row.manages).map((row) => row.teamId))],
  };
}

/** One of the member's roles in the team manages it (decision 037). */
export const managesTeam = (facts: TeamFacts, teamId: string): boolean =>
  facts.managedTeamIds.includes(teamId);

/** The member manages some team: the session's `manage:team-events`. */
export const managesATeam = (facts: TeamFacts): boolean => facts.managedTeamIds.length > 0;

/** The member holds a role in the team. */
export const isInTeam = (facts: TeamFacts, teamId: string): boolean =>
  facts.teamIds.includes(teamId);

/**
 * A team's managers give points to the team's members, whatever their portal role (decision 040);
 * admins give through the ledger instead.
 */
export const mayAwardPointsAsManager = (
  manager: TeamFacts,
  teamId: string,
  recipient: TeamFacts,
): 'allowed' | 'not_manager' | 'not_in_team' => {
  if (!managesTeam(manager, teamId)) return 'not_manager';
  if (!isInTeam(recipient, teamId)) return 'not_in_team';
  return 'allowed';
};

/** Who an event is for, as the access rules read it. */
export interface Audience {
  kind: EventAudienceKind;
  /** Every team the audience names, also through one of its roles. */
  teamIds: readonly string[];
  /** The teams named whole (every member of the team). */
  wholeTeamIds: readonly string[];
  /** The team roles named (their holders only). */
  roleIds: readonly string[];
}

/** Who looks at events: the member, whether it manages every event, and its team facts. */
export interface EventViewer extends TeamFacts {
  member: Member;
  /** `manage:events`: every event, seen and managed. */
  managesAll: boolean;
}

export const eventViewerOf = (member: Member, facts: TeamFacts): EventViewer => ({
  ...facts,
  member,
  managesAll: can(member, 'manage:events'),
});

/**
 * The member is invited: the event is for everyone, for a team it is in, or for a team role it
 * holds. Only those invited answer.
 */
export function isInAudience(facts: TeamFacts, audience: Audience): boolean {
  if (audience.kind === 'organization') return true;
  return (
    audience.wholeTeamIds.some((teamId) => facts.teamIds.includes(teamId)) ||
    audience.roleIds.some((roleId) => facts.roleIds.includes(roleId))
  );
}

/**
 * The viewer manages an event for this audience: `manage:events`, or it manages every team the
 * audience names. An event for the whole organisation is the admins'.
 */
export function managesAudience(viewer: EventViewer, audience: Audience): boolean {
  if (viewer.managesAll) return true;
  if (audience.kind === 'organization' || audience.teamIds.length === 0) return false;
  return audience.teamIds.every((teamId) => managesTeam(viewer, teamId));
}

/**
 * The viewer sees the event: invited to it, managing one of the teams it names, or managing every
 * event. Anyone else is not told it exists (404).
 */
export const seesEvent = (viewer: EventViewer, audience: Audience): boolean =>
  viewer.managesAll ||
  isInAudience(viewer, audience) ||
  audience.teamIds.some((teamId) => managesTeam(viewer, teamId));

/**
 * The member may reveal (and, with its abilities, change) a password entry: `read:passwords:any`,
 * or one of the entry's rules names a team of the member and one of the member's roles in it.
 */
export function mayRevealPassword(
  member: Member,
  facts: TeamFacts,
  rules: readonly AccessRule[],
): boolean {
  if (can(member, 'read:passwords:any')) return true;
  return rules.some((rule) =>
    (facts.roleNamesByTeam[rule.teamId] ?? []).some((role) => rule.roles.includes(role)),
  );
}
