import { describe, expect, it } from 'vitest';
import {
  NO_TEAM_FACTS,
  eventViewerOf,
  isInAudience,
  isInTeam,
  managesATeam,
  managesAudience,
  managesTeam,
  mayAwardPointsAsManager,
  mayRevealPassword,
  seesEvent,
  teamFactsOf,
  type Audience,
} from './relationships.js';

/*
 * A club of two teams: alpha (roles Players, Coach; Coach manages it) and beta (roles Players,
 * Staff; Staff manages it). Each member below holds a few of those roles.
 */
const role = (teamId: string, roleId: string, name: string, manages = false) => ({
  teamId,
  roleId,
  role: name,
  manages,
});
const ALPHA_PLAYERS = role('alpha', 'alpha-players', 'Players');
const ALPHA_COACH = role('alpha', 'alpha-coach', 'Coach', true);
const BETA_PLAYERS = role('beta', 'beta-players', 'Players');
const BETA_STAFF = role('beta', 'beta-staff', 'Staff', true);

/** A player of alpha. */
const player = teamFactsOf([ALPHA_PLAYERS]);
/** Alpha's coach, also a player of beta. */
const coach = teamFactsOf([ALPHA_COACH, BETA_PLAYERS]);
/** Manages both teams. */
const director = teamFactsOf([ALPHA_COACH, BETA_STAFF]);

const member = (role: 'admin' | 'user' | 'guest' | 'invited') => ({ id: `m-${role}`, role });

const audience = (parts: Partial<Audience> & Pick<Audience, 'kind'>): Audience => {
  const wholeTeamIds = parts.wholeTeamIds ?? [];
  const roleTeams = (parts.roleIds ?? []).map((id) => id.split('-')[0]!);
  return {
    teamIds: [...new Set([...wholeTeamIds, ...roleTeams])],
    wholeTeamIds,
    roleIds: [],
    ...parts,
  };
};
const EVERYONE = audience({ kind: 'organization' });
const ALPHA = audience({ kind: 'teams', wholeTeamIds: ['alpha'] });
const BOTH_TEAMS = audience({ kind: 'teams', wholeTeamIds: ['alpha', 'beta'] });
const ALPHA_PLAYERS_ONLY = audience({ kind: 'teams', roleIds: ['alpha-players'] });
const BETA_STAFF_ONLY = audience({ kind: 'teams', roleIds: ['beta-staff'] });

describe('team facts', () => {
  it("gathers the member's teams, roles, role names by team and managed teams", () => {
    expect(teamFactsOf([ALPHA_PLAYERS, ALPHA_COACH, BETA_PLAYERS])).toEqual({
      teamIds: ['alpha', 'beta'],
      roleIds: ['alpha-players', 'alpha-coach', 'beta-players'],
      roleNamesByTeam: { alpha: ['Players', 'Coach'], beta: ['Players'] },
      managedTeamIds: ['alpha'],
    });
    expect(teamFactsOf([])).toEqual(NO_TEAM_FACTS);
  });
});

describe('managing a team', () => {
  it('is holding a role of the team ticked "manages the team"', () => {
    expect(managesTeam(coach, 'alpha')).toBe(true);
    // A player of beta, not its manager.
    expect(managesTeam(coach, 'beta')).toBe(false);
    expect(managesTeam(player, 'alpha')).toBe(false);
    expect(managesTeam(NO_TEAM_FACTS, 'alpha')).toBe(false);
  });

  it('of any team gives the session its team events', () => {
    expect(managesATeam(coach)).toBe(true);
    expect(managesATeam(player)).toBe(false);
    expect(managesATeam(NO_TEAM_FACTS)).toBe(false);
  });

  it('is not being in the team, which any role is', () => {
    expect(isInTeam(coach, 'beta')).toBe(true);
    expect(isInTeam(player, 'alpha')).toBe(true);
    expect(isInTeam(player, 'beta')).toBe(false);
  });
});

describe("a manager's points", () => {
  it("go from a team's manager to a member of that team only", () => {
    expect(mayAwardPointsAsManager(coach, 'alpha', player)).toBe('allowed');
    // The manager's own team, a member of another.
    expect(mayAwardPointsAsManager(coach, 'alpha', teamFactsOf([BETA_PLAYERS]))).toBe(
      'not_in_team',
    );
    // A team where the giver only plays: refused whoever receives.
    expect(mayAwardPointsAsManager(coach, 'beta', teamFactsOf([BETA_PLAYERS]))).toBe('not_manager');
    expect(mayAwardPointsAsManager(player, 'alpha', coach)).toBe('not_manager');
  });
});

describe("an event's audience", () => {
  it('is everyone for the organisation, even a member of no team', () => {
    expect(isInAudience(NO_TEAM_FACTS, EVERYONE)).toBe(true);
  });

  it('is every member of a team named whole, whatever its role', () => {
    expect(isInAudience(player, ALPHA)).toBe(true);
    expect(isInAudience(coach, ALPHA)).toBe(true);
    expect(isInAudience(teamFactsOf([BETA_PLAYERS]), ALPHA)).toBe(false);
  });

  it("is only the holders of a role named, not the rest of the role's team", () => {
    expect(isInAudience(player, ALPHA_PLAYERS_ONLY)).toBe(true);
    // Alpha's coach is in alpha but does not hold its Players role.
    expect(isInAudience(coach, ALPHA_PLAYERS_ONLY)).toBe(false);
    // Players of beta hold a role with the same name, of another team.
    expect(isInAudience(teamFactsOf([BETA_PLAYERS]), ALPHA_PLAYERS_ONLY)).toBe(false);
  });

  it('names no one when a team audience lost its teams', () => {
    expect(isInAudience(coach, audience({ kind: 'teams' }))).toBe(false);
  });
});

describe('managing and seeing an event', () => {
  const user = member('user');
  const viewer = (facts = NO_TEAM_FACTS, who: ReturnType<typeof member> = user) =>
    eventViewerOf(who, facts);

  it('is every event for whoever holds manage:events', () => {
    const admin = viewer(NO_TEAM_FACTS, member('admin'));
    expect(admin.managesAll).toBe(true);
    for (const each of [
      EVERYONE,
      ALPHA,
      BOTH_TEAMS,
      BETA_STAFF_ONLY,
      audience({ kind: 'teams' }),
    ]) {
      expect(managesAudience(admin, each)).toBe(true);
      expect(seesEvent(admin, each)).toBe(true);
    }
  });

  it("is the managers' of every team the audience names, never the organisation's", () => {
    expect(managesAudience(viewer(coach), ALPHA)).toBe(true);
    expect(managesAudience(viewer(coach), ALPHA_PLAYERS_ONLY)).toBe(true);
    // Beta is named too, which the coach does not manage.
    expect(managesAudience(viewer(coach), BOTH_TEAMS)).toBe(false);
    expect(managesAudience(viewer(director), BOTH_TEAMS)).toBe(true);
    expect(managesAudience(viewer(director), EVERYONE)).toBe(false);
    expect(managesAudience(viewer(director), audience({ kind: 'teams' }))).toBe(false);
    expect(managesAudience(viewer(player), ALPHA)).toBe(false);
  });

  it('is seen by those invited and by the managers of a team it names, by no one else', () => {
    // Invited.
    expect(seesEvent(viewer(player), ALPHA_PLAYERS_ONLY)).toBe(true);
    expect(seesEvent(viewer(NO_TEAM_FACTS), EVERYONE)).toBe(true);
    // Not invited, but manages alpha, which the audience names.
    expect(seesEvent(viewer(coach), ALPHA_PLAYERS_ONLY)).toBe(true);
    expect(seesEvent(viewer(coach), BOTH_TEAMS)).toBe(true);
    // In beta without the role named, managing nothing there.
    expect(seesEvent(viewer(coach), BETA_STAFF_ONLY)).toBe(false);
    expect(seesEvent(viewer(player), BETA_STAFF_ONLY)).toBe(false);
  });
});

describe('revealing a password', () => {
  const rules = [{ teamId: 'alpha', roles: ['Coach'] }];

  it("is for a member holding one of a rule's roles in the rule's team", () => {
    expect(mayRevealPassword(member('user'), coach, rules)).toBe(true);
    expect(mayRevealPassword(member('guest'), coach, rules)).toBe(true);
    expect(mayRevealPassword(member('user'), player, rules)).toBe(false);
  });

  it('matches a role by its name within the team the rule names, not in another team', () => {
    const players = [{ teamId: 'beta', roles: ['Players'] }];
    // Alpha's player holds a "Players" role, of alpha.
    expect(mayRevealPassword(member('user'), player, players)).toBe(false);
    expect(mayRevealPassword(member('user'), coach, players)).toBe(true);
    // Any of the rules, any of a rule's roles.
    expect(
      mayRevealPassword(member('user'), player, [
        ...rules,
        { teamId: 'alpha', roles: ['Staff', 'Players'] },
      ]),
    ).toBe(true);
  });

  it('is every entry with read:passwords:any, none without rules otherwise', () => {
    expect(mayRevealPassword(member('admin'), NO_TEAM_FACTS, [])).toBe(true);
    expect(mayRevealPassword(member('user'), director, [])).toBe(false);
  });
});
