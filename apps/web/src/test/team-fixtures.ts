import type { Team, TeamDetail, User } from '@guildhall/contract';

/** Teams shaped by the contract; each test overrides what it is about. */

let nextNumber = 1;

/** A 24-hex id no other fixture uses (teams 7ea…, roles 70e…). */
function fixtureId(prefix: '7ea' | '70e'): string {
  const number = nextNumber++;
  return `${prefix}${String(number).padStart(21, '0')}`;
}

interface RoleSpec {
  role: string;
  members?: User[];
  _id?: string;
  manages?: boolean;
}

interface TeamSpec extends Partial<Omit<Team, 'roles'>> {
  roles?: RoleSpec[];
}

/** A team as GET /api/teams/{id} answers it: the roles' members are member objects. */
export function buildTeamDetail({ roles = [], ...team }: TeamSpec = {}): TeamDetail {
  return {
    _id: fixtureId('7ea'),
    name: 'Les Hiboux LoL',
    icon: 'swords',
    type: 'esport',
    game: 'leagueoflegends',
    ...team,
    roles: roles.map(({ role, members = [], _id, manages = false }) => ({
      _id: _id ?? fixtureId('70e'),
      role,
      members,
      manages,
    })),
  };
}

/** The same team as GET /api/teams lists it: the roles' members are ids. */
export function summaryOf(team: TeamDetail): Team {
  return {
    ...team,
    roles: team.roles.map((role) => ({ ...role, members: role.members.map(({ _id }) => _id) })),
  };
}
