import type {
  DiscordSyncStatus,
  Ability,
  AuthMethods,
  MemberTeam,
  Organization,
  Roles,
  SessionUser,
  User,
  UserListItem,
  UsersPage,
} from '@guildhall/contract';
import { ABILITIES, ROLE_DEFINITIONS, userSchema } from '@guildhall/contract';

/** Test data shaped by the contract; each test overrides what it is about. */

/** The abilities the server gives a role (apps/server/src/policies/abilities.ts). */
const abilitiesOfRole = (role: SessionUser['role']): Ability[] =>
  role === 'admin'
    ? [...ABILITIES]
    : ['read:member-private:self', 'read:member-name:self', 'edit:connections:self'];

export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '65f1c0ffee00000000000001',
    pseudo: 'kiwi',
    name: 'Lovelace',
    surname: 'Ada',
    birthday: '1990-12-10',
    email: 'ada@example.org',
    address: null,
    zip_code: null,
    town: null,
    country: 'France',
    role: 'user',
    team: null,
    adhesion: true,
    created_at: '2024-09-01T10:00:00.000Z',
    discord_avatar_url: null,
    discord_tag: null,
    twitter_login: null,
    twitch_login: null,
    leagueoflegends_login: [],
    valorant_login: [],
    fortnite_login: [],
    riot_login: null,
    epic_login: null,
    teams: [],
    rolesByTeam: {},
    password_count: 0,
    abilities: abilitiesOfRole(overrides.role ?? 'user'),
    preferences: { theme: 'system', show_real_name: false },
    ...overrides,
  };
}

/** A member as GET /api/users and /api/users/{id} answer it. */
export function buildUser(overrides: Partial<User> = {}): User {
  // The contract's schema drops what only the session has (teams, rolesByTeam).
  return { ...userSchema.parse(buildSessionUser()), ...overrides };
}

/** `count` members with distinct ids and pseudos (member-01, member-02...). */
export function buildUsers(count: number, firstNumber = 1): User[] {
  return Array.from({ length: count }, (_, index) => {
    const number = firstNumber + index;
    return buildUser({
      _id: `65f1c0ffee${String(number).padStart(14, '0')}`,
      pseudo: `member-${String(number).padStart(2, '0')}`,
      name: `Name${number}`,
      surname: `Surname${number}`,
    });
  });
}

/** A member as the member list answers it: with its teams (none unless given). */
export const listItemOf = (member: User & { teams?: MemberTeam[] }): UserListItem => ({
  teams: [],
  ...member,
});

/** A page of the member list: these members (three by default), the last page unless said. */
export function buildUsersPage(
  overrides: Partial<Omit<UsersPage, 'items'>> & { users?: User[] } = {},
): UsersPage {
  const { users: given, ...rest } = overrides;
  const items = (given ?? buildUsers(3)).map(listItemOf);
  return { total: items.length, next_cursor: null, ...rest, items };
}

export const allRoles: Roles = { roles: ROLE_DEFINITIONS };

export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    name: 'Les Hiboux Esport',
    time_zone: 'Europe/Paris',
    email: 'contact@hiboux.example',
    primary_color: '#e11d48',
    secondary_color: '#0f172a',
    background_color: '#ffffff',
    website: '',
    twitch: '',
    twitter: '',
    instagram: '',
    facebook: '',
    logo: null,
    ...overrides,
  };
}

export const bothAuthMethods: AuthMethods = {
  discord: true,
  local: true,
  twitch: false,
  twitter: false,
  riot: true,
};

/** The Discord sync's status when the bot works and the last run went well. */
export const healthyDiscordSync: DiscordSyncStatus = {
  bot: true,
  interval_minutes: 60,
  last_finished_at: '2026-03-02T10:00:00.000Z',
  last_failure: null,
  failing: false,
  next_at: '2026-03-02T11:00:00.000Z',
  running: false,
};
