import {
  ABILITIES,
  mayOnMember,
  type Ability,
  type MemberAction,
  type Role,
} from '@guildhall/contract';

/*
 * Who may do what, in one place: each role's abilities. Pure functions of the member, no I/O. The
 * routes ask through one guard (plugins/authenticate.ts, `requireAbility`), the services through
 * these functions, and the session answer carries the member's abilities to the web app.
 */

/** Who asks: the rules need its id and its portal role, nothing read from the database. */
export interface Member {
  id: string;
  role: Role;
}

/** What every member may do with its own record. */
const OWN_RECORD: readonly Ability[] = [
  'read:member-private:self',
  'read:member-name:self',
  'edit:connections:self',
];

export const ROLE_ABILITIES: Readonly<Record<Role, readonly Ability[]>> = {
  admin: ABILITIES,
  user: OWN_RECORD,
  guest: OWN_RECORD,
  invited: OWN_RECORD,
};

/** What a member holds beyond its role. */
export interface MemberFacts {
  /** One of its team roles manages the team (decision 037). */
  managesATeam: boolean;
}

/**
 * The member's abilities: its role's, and `manage:team-events` for a team's manager (which teams
 * is checked on each call, relationships.ts).
 */
export const abilitiesOf = (
  member: Pick<Member, 'role'>,
  facts?: MemberFacts,
): readonly Ability[] => {
  const abilities = ROLE_ABILITIES[member.role];
  return facts?.managesATeam && !abilities.includes('manage:team-events')
    ? [...abilities, 'manage:team-events']
    : abilities;
};

export const can = (member: Pick<Member, 'role'>, ability: Ability): boolean =>
  abilitiesOf(member).includes(ability);

/** Whether `member` may do `action` on the record of the member `targetId`. */
export const canOnMember = (member: Member, action: MemberAction, targetId: string): boolean =>
  mayOnMember(abilitiesOf(member), action, member.id === targetId);

/**
 * Whether `viewer` sees the real name (name and surname) of `target`: pseudos are what members
 * know each other by; the name only for those who may read it (admins, the member itself), or
 * for everyone when the member chose to show it.
 */
export const canSeeMemberName = (
  viewer: Member,
  target: { id: string; showRealName: boolean },
): boolean => target.showRealName || canOnMember(viewer, 'read:member-name', target.id);

/** The ability that sorting the member list by a field needs, for the fields that are not public. */
const SORT_NEEDS: Readonly<Record<string, Ability>> = {
  birthday: 'read:member-private:any',
  name: 'read:member-name:any',
  surname: 'read:member-name:any',
};

/**
 * Sorting by a field the member may not read would reveal its order (and, by probing, its
 * values), hidden names included.
 */
export const canSortMembersBy = (member: Member, sort: string): boolean => {
  const needs = SORT_NEEDS[sort.replace(/^-/, '')];
  return !needs || can(member, needs);
};
