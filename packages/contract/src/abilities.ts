/**
 * What a member may do, one map for the whole product: `action:subject`, with `:self` or `:any`
 * where the subject is a member. The server decides which abilities each member has
 * (apps/server/src/policies/abilities.ts) and refuses what they do not cover; the session answer
 * carries them, so that the web app shows exactly what the server allows and nothing it refuses
 * (docs/permissions.md).
 */
export const ABILITIES = [
  /** Branding: name, contact, colours, links and logo. */
  'manage:organization',
  /** Create, edit and delete alerts, list them all, preview a condition. */
  'manage:alerts',
  /** Create, edit and delete teams, their roles and members. */
  'manage:teams',
  /** Create, edit and delete password entries and their access rules. */
  'manage:passwords',
  /** Reveal every password entry, not only those one's team roles open. */
  'read:passwords:any',
  /** Read entries' audit trails and the exposures of departed members. */
  'read:password-audit',
  /** E-mail, address, birthday of one's own record, or of anyone's (and sort the list by them). */
  'read:member-private:self',
  'read:member-private:any',
  /**
   * The real name (name and surname) of one's own record, or of anyone's (and sort the list by
   * it); a member who ticks `show_real_name` shows theirs to everyone.
   */
  'read:member-name:self',
  'read:member-name:any',
  /** Game login lists and disconnecting social accounts: one's own, or anyone's. */
  'edit:connections:self',
  'edit:connections:any',
  /** The edit form of any member: profile, role, team, adhesion. */
  'edit:member:any',
  'delete:member:any',
  /** Map Discord roles to the portal's, sync membership with the guild, read its history. */
  'manage:discord',
  /** Create, edit and delete any event, see every answer and mark attendance. */
  'manage:events',
  /**
   * The same for the events of the teams one manages (a team role ticked "manages the team"):
   * the server checks the team on each call (decision 037).
   */
  'manage:team-events',
  /** Seasons, point rules, milestones, awards by hand and the ledger (decision 038). */
  'manage:points',
  /** The background jobs' state: last run, last failure, next run (decision 059). */
  'read:jobs',
] as const;
export type Ability = (typeof ABILITIES)[number];

/** Abilities that are about a member record, held for one's own or for anyone's. */
export type MemberAction = 'read:member-private' | 'read:member-name' | 'edit:connections';

/** Whether `abilities` allow `action` on a member record, `own` when it is the holder's. */
export function mayOnMember(
  abilities: readonly Ability[],
  action: MemberAction,
  own: boolean,
): boolean {
  return abilities.includes(`${action}:any`) || (own && abilities.includes(`${action}:self`));
}
