import type { AuthMethods, Organization, SessionUser } from '@guildhall/contract';

/** Test data shaped by the contract; each test overrides what it is about. */

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
    ...overrides,
  };
}

export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    name: 'Les Hiboux Esport',
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
};
