import {
  ATTENDANCE_STATUSES,
  EVENT_TYPES,
  ROLES,
  eventBodySchema,
  type EventAudienceBody,
  type EventFields,
  type Role,
} from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, type UserRow } from '../../src/db/schema.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/fake-discord.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../fakes/fake-oauth-provider.js';
import sharp from 'sharp';
import { createCalendarToken } from '../../src/services/calendar/create-calendar-token.js';
import { createEvent } from '../../src/services/events/create-event.js';
import { awardBadge } from '../../src/services/points/award-badge.js';
import { createMilestone } from '../../src/services/points/create-milestone.js';
import { createSeason } from '../../src/services/points/create-season.js';
import { createPassword } from '../../src/services/passwords/create-password.js';
import { SEED_ACTOR } from '../../src/services/seed/seed-actor.js';
import { reencodeLogo } from '../../src/services/organization/reencode-logo.js';
import { saveLogo } from '../../src/services/organization/save-logo.js';
import { buildMember, buildTeam, signedInAs, buildAlert } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

type Caller = 'anonymous' | Role;
const CALLERS: readonly Caller[] = ['anonymous', ...ROLES];

interface Members {
  /** The caller; undefined when anonymous. */
  self: UserRow | undefined;
  /** Another member, made for this call. */
  other: UserRow;
  /** A team with a role, made for this call. */
  teamId: string;
  /** An alert, made for this call. */
  alertId: string;
  /** A vault entry the caller may access (its team role is the caller's too). */
  sharedEntryId: string;
  /** A vault entry for a team the caller is not in. */
  hiddenEntryId: string;
  /** An event for the whole organisation, and its occurrence. */
  eventId: string;
  occurrenceId: string;
  /** An event for a team the caller is not in, and its occurrence. */
  hiddenEventId: string;
  hiddenOccurrenceId: string;
  /** An occurrence of an event for the whole organisation that started an hour ago. */
  startedOccurrenceId: string;
  /** A calendar feed's token: the caller's, another member's when anonymous. */
  calendarToken: string;
  /** A season in the future without points, and a milestone, made for this call. */
  seasonId: string;
  milestoneId: string;
  /** A one-off badge of another member, made for the calls that name it. */
  badgeId: string;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** What the case calls it in test names. */
  url: string;
  /** The URL to call, when it depends on the members. */
  target?: (members: Members) => string;
  /** The route as the OpenAPI document names it, when it differs from url. */
  route?: string;
  body?: (member: UserRow | undefined) => object;
  /** Who may call it depends on what the body is (edit form or own connections): it is read first. */
  authorizesOnBody?: boolean;
  /** A body that is not JSON (the logo upload). */
  rawBody?: () => Promise<{ payload: Buffer; contentType: string }>;
  expected: Record<Caller, number>;
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  invited: status,
  guest: status,
  user: status,
  admin: status,
});
const membersOnly = (status: number): Record<Caller, number> => ({
  ...everyone(status),
  anonymous: 401,
});
const adminsOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  invited: 403,
  guest: 403,
  user: 403,
  admin: status,
});

const selfOrOther = ({ self, other }: Members) => (self ?? other).id;
const memberEditForm = (member: UserRow | undefined) => ({
  name: 'Name',
  surname: 'Surname',
  pseudo: member ? `${member.pseudo}-edited` : `edited-${Math.random().toString(36).slice(2, 8)}`,
  birthday: '2000-01-01',
  email: 'someone@example.com',
  role: member?.role ?? 'user',
});

/** A member list of one new member, as the CSV import reads it. */
const memberCsv = () => ({
  payload: Buffer.from(`pseudo,name\r\ncsv-${Math.random().toString(36).slice(2, 8)},Léa\r\n`),
  contentType: 'text/csv',
});

/** An event tomorrow, as the API takes it. */
const eventBody = (audience: object = { kind: 'organization' }) => ({
  title: 'Scrim',
  type: 'scrim',
  opponent: 'Rivals',
  starts_at: new Date(Date.now() + 86_400_000).toISOString(),
  ends_at: new Date(Date.now() + 90_000_000).toISOString(),
  audience,
});
const eventFields = (audience: EventAudienceBody, startsInMs = 86_400_000): EventFields =>
  eventBodySchema.parse({
    ...eventBody(audience),
    starts_at: new Date(Date.now() + startsInMs).toISOString(),
    ends_at: new Date(Date.now() + startsInMs + 7_200_000).toISOString(),
  });

/** Seasons made by the calls, each a year of its own: two seasons never share a day. */
let seasonYear = 2200;
const nextSeason = () => {
  seasonYear += 1;
  return {
    name: `Season ${seasonYear}`,
    starts_on: `${seasonYear}-01-01`,
    ends_on: `${seasonYear}-12-31`,
  };
};
let milestoneThreshold = 100_000;
const nextMilestone = () => {
  milestoneThreshold += 1;
  return {
    name: 'Gold',
    threshold: milestoneThreshold,
    icon: 'trophy',
    colour: '#d4a017',
  } as const;
};
const pointRules = (points: number) => ({
  attendance: Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [status, points])),
    ]),
  ),
  membership: { seniority: points, adhesion: points },
  league: { division: points, tier: points },
  managers: { season_limit: Math.abs(points) },
});

/** docs/permissions.md: every route the server has, for every kind of caller. */
const LOCAL_MODE_ROUTES: RouteCase[] = [
  { method: 'GET', url: '/healthz', expected: everyone(200) },
  { method: 'GET', url: '/readyz', expected: everyone(200) },
  { method: 'GET', url: '/auth/methods', expected: everyone(200) },
  {
    method: 'POST',
    url: '/auth/local',
    body: () => ({ pseudo: 'Newcomer' }),
    expected: everyone(200),
  },
  { method: 'POST', url: '/auth/logout', expected: everyone(204) },
  { method: 'GET', url: '/api/organization', expected: everyone(200) },
  { method: 'GET', url: '/api/session', expected: everyone(200) },
  { method: 'GET', url: '/api/user', expected: membersOnly(200) },
  {
    method: 'PUT',
    url: '/api/user',
    body: (member) => ({
      name: 'Name',
      surname: 'Surname',
      pseudo: member?.pseudo ?? 'Anonymous',
      birthday: '2000-01-01',
      email: 'someone@example.com',
    }),
    expected: membersOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/user/preferences',
    body: () => ({ theme: 'dark', show_real_name: true }),
    expected: membersOnly(200),
  },
  { method: 'GET', url: '/api/users', expected: membersOnly(200) },
  // Sorting by a field shows its order: by name only for those who read every name (decision 049).
  ...['birthday', 'name', '-surname'].map((sort) => ({
    method: 'GET' as const,
    url: `/api/users?sort=${sort}`,
    route: '/api/users',
    expected: adminsOnly(200),
  })),
  { method: 'GET', url: '/api/users/latest', expected: membersOnly(200) },
  { method: 'GET', url: '/api/roles', expected: membersOnly(200) },
  {
    method: 'GET',
    url: '/api/users/{other}',
    route: '/api/users/{id}',
    target: ({ other }) => `/api/users/${other.id}`,
    expected: membersOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/users/{self} own game logins',
    route: '/api/users/{id}',
    target: (members) => `/api/users/${selfOrOther(members)}`,
    body: () => ({ valorant_login: ['Mine'], twitch_login: null }),
    expected: membersOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/users/{other} game logins',
    authorizesOnBody: true,
    route: '/api/users/{id}',
    target: ({ other }) => `/api/users/${other.id}`,
    body: () => ({ valorant_login: ['Theirs'] }),
    expected: adminsOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/users/{self} edit form',
    authorizesOnBody: true,
    route: '/api/users/{id}',
    target: (members) => `/api/users/${selfOrOther(members)}`,
    body: memberEditForm,
    expected: adminsOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/users/{other} edit form',
    authorizesOnBody: true,
    route: '/api/users/{id}',
    target: ({ other }) => `/api/users/${other.id}`,
    body: () => memberEditForm(undefined),
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/users/{other}',
    route: '/api/users/{id}',
    target: ({ other }) => `/api/users/${other.id}`,
    expected: adminsOnly(204),
  },
  {
    method: 'POST',
    url: '/api/users/membership',
    body: (member) => ({ members: { ids: [member?.id ?? 'a'.repeat(24)] }, adhesion: true }),
    expected: adminsOnly(200),
  },
  { method: 'GET', url: '/api/users/export.csv', expected: adminsOnly(200) },
  {
    method: 'POST',
    url: '/api/users/import?dry_run=true',
    route: '/api/users/import',
    rawBody: async () => memberCsv(),
    expected: adminsOnly(200),
  },
  {
    method: 'POST',
    url: '/api/users/import?dry_run=false',
    route: '/api/users/import',
    rawBody: async () => memberCsv(),
    expected: adminsOnly(200),
  },
  { method: 'GET', url: '/api/teams', expected: membersOnly(200) },
  {
    method: 'GET',
    url: '/api/teams?userId={other}',
    route: '/api/teams',
    target: ({ other }) => `/api/teams?userId=${other.id}`,
    expected: membersOnly(200),
  },
  {
    method: 'GET',
    url: '/api/teams/{team}',
    route: '/api/teams/{id}',
    target: ({ teamId }) => `/api/teams/${teamId}`,
    expected: membersOnly(200),
  },
  {
    method: 'GET',
    url: '/api/teams/check-all-roles/{other}',
    route: '/api/teams/check-all-roles/{userId}',
    target: ({ other }) => `/api/teams/check-all-roles/${other.id}`,
    expected: membersOnly(200),
  },
  {
    method: 'POST',
    url: '/api/teams',
    body: () => ({ name: 'New team', icon: 'trophy', type: 'esport', game: 'valorant', roles: [] }),
    expected: adminsOnly(201),
  },
  {
    method: 'PUT',
    url: '/api/teams/{team}',
    route: '/api/teams/{id}',
    target: ({ teamId }) => `/api/teams/${teamId}`,
    body: () => ({ name: 'Renamed team', icon: 'trophy', type: 'transversal', roles: [] }),
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/teams/{team}',
    route: '/api/teams/{id}',
    target: ({ teamId }) => `/api/teams/${teamId}`,
    expected: adminsOnly(204),
  },
  { method: 'GET', url: '/api/organization/logo', expected: everyone(200) },
  {
    method: 'PUT',
    url: '/api/organization',
    body: () => ({
      name: 'Guildhall',
      email: 'contact@example.org',
      primary_color: '#112233',
      secondary_color: '#445566',
      background_color: '#ffffff',
    }),
    expected: adminsOnly(200),
  },
  {
    method: 'POST',
    url: '/api/organization/upload-logo',
    rawBody: async () => {
      const png = await sharp({
        create: { width: 4, height: 4, channels: 3, background: '#336699' },
      })
        .png()
        .toBuffer();
      const head = `--b\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
      return {
        payload: Buffer.concat([Buffer.from(head), png, Buffer.from('\r\n--b--\r\n')]),
        contentType: 'multipart/form-data; boundary=b',
      };
    },
    expected: adminsOnly(200),
  },
  { method: 'GET', url: '/api/alerts', expected: membersOnly(200) },
  { method: 'GET', url: '/api/alerts?all=1', route: '/api/alerts', expected: adminsOnly(200) },
  {
    method: 'POST',
    url: '/api/alerts',
    body: () => ({ type: 'warn', statut: 'active', condition: 'not adhesion', message: 'Join us' }),
    expected: adminsOnly(201),
  },
  {
    method: 'PUT',
    url: '/api/alerts/{alert}',
    route: '/api/alerts/{id}',
    target: ({ alertId }) => `/api/alerts/${alertId}`,
    body: () => ({ type: 'success', statut: 'inactive', condition: 'true', message: 'Done' }),
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/alerts/{alert}',
    route: '/api/alerts/{id}',
    target: ({ alertId }) => `/api/alerts/${alertId}`,
    expected: adminsOnly(204),
  },
  {
    method: 'POST',
    url: '/api/alerts/{alert}/dismiss',
    route: '/api/alerts/{id}/dismiss',
    target: ({ alertId }) => `/api/alerts/${alertId}/dismiss`,
    expected: membersOnly(204),
  },
  {
    method: 'POST',
    url: '/api/alerts/preview',
    body: () => ({ condition: 'role == "guest"' }),
    expected: adminsOnly(200),
  },
  { method: 'GET', url: '/api/events', expected: membersOnly(200) },
  // Whether a member writes an event depends on its audience (the teams it manages): body first.
  {
    method: 'POST',
    url: '/api/events',
    authorizesOnBody: true,
    body: () => eventBody(),
    expected: adminsOnly(201),
  },
  {
    method: 'GET',
    url: '/api/events/{event}',
    route: '/api/events/{id}',
    target: ({ eventId }) => `/api/events/${eventId}`,
    expected: membersOnly(200),
  },
  {
    method: 'GET',
    url: '/api/events/{event of another team}',
    route: '/api/events/{id}',
    target: ({ hiddenEventId }) => `/api/events/${hiddenEventId}`,
    expected: { anonymous: 401, invited: 404, guest: 404, user: 404, admin: 200 },
  },
  {
    method: 'PUT',
    url: '/api/events/{event}',
    route: '/api/events/{id}',
    authorizesOnBody: true,
    target: ({ eventId }) => `/api/events/${eventId}`,
    body: () => eventBody(),
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/events/{event}',
    route: '/api/events/{id}',
    target: ({ eventId }) => `/api/events/${eventId}`,
    expected: adminsOnly(204),
  },
  {
    method: 'DELETE',
    url: '/api/events/{event of another team}',
    route: '/api/events/{id}',
    target: ({ hiddenEventId }) => `/api/events/${hiddenEventId}`,
    expected: { anonymous: 401, invited: 404, guest: 404, user: 404, admin: 204 },
  },
  {
    method: 'GET',
    url: '/api/event-occurrences/{occurrence}',
    route: '/api/event-occurrences/{id}',
    target: ({ occurrenceId }) => `/api/event-occurrences/${occurrenceId}`,
    expected: membersOnly(200),
  },
  {
    method: 'GET',
    url: '/api/event-occurrences/{occurrence of another team}',
    route: '/api/event-occurrences/{id}',
    target: ({ hiddenOccurrenceId }) => `/api/event-occurrences/${hiddenOccurrenceId}`,
    expected: { anonymous: 401, invited: 404, guest: 404, user: 404, admin: 200 },
  },
  {
    method: 'PUT',
    url: '/api/event-occurrences/{occurrence}/rsvp',
    route: '/api/event-occurrences/{id}/rsvp',
    target: ({ occurrenceId }) => `/api/event-occurrences/${occurrenceId}/rsvp`,
    body: () => ({ answer: 'going', comment: 'On sera là' }),
    expected: membersOnly(200),
  },
  // An admin sees every event but answers only those it is invited to.
  {
    method: 'PUT',
    url: '/api/event-occurrences/{occurrence of another team}/rsvp',
    route: '/api/event-occurrences/{id}/rsvp',
    target: ({ hiddenOccurrenceId }) => `/api/event-occurrences/${hiddenOccurrenceId}/rsvp`,
    body: () => ({ answer: 'maybe' }),
    expected: { anonymous: 401, invited: 404, guest: 404, user: 404, admin: 403 },
  },
  // A manager's: the body is read first, as the audience decides who manages.
  {
    method: 'PATCH',
    url: '/api/event-occurrences/{occurrence}',
    route: '/api/event-occurrences/{id}',
    authorizesOnBody: true,
    target: ({ occurrenceId }) => `/api/event-occurrences/${occurrenceId}`,
    body: () => ({ cancelled: true }),
    expected: adminsOnly(200),
  },
  {
    method: 'GET',
    url: '/api/event-occurrences/{started occurrence}/attendance',
    route: '/api/event-occurrences/{id}/attendance',
    target: ({ startedOccurrenceId }) => `/api/event-occurrences/${startedOccurrenceId}/attendance`,
    expected: adminsOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/event-occurrences/{started occurrence}/attendance',
    route: '/api/event-occurrences/{id}/attendance',
    authorizesOnBody: true,
    target: ({ startedOccurrenceId }) => `/api/event-occurrences/${startedOccurrenceId}/attendance`,
    body: (member) => ({
      entries: [{ user_id: member?.id ?? '0123456789abcdef01234567', status: 'present' }],
    }),
    expected: adminsOnly(200),
  },
  // No webhook is set here: the admin's reminder has no channel (409).
  {
    method: 'POST',
    url: '/api/event-occurrences/{occurrence}/remind',
    route: '/api/event-occurrences/{id}/remind',
    target: ({ occurrenceId }) => `/api/event-occurrences/${occurrenceId}/remind`,
    expected: adminsOnly(409),
  },
  {
    method: 'GET',
    url: '/api/teams/{team}/discord-webhook',
    route: '/api/teams/{id}/discord-webhook',
    target: ({ teamId }) => `/api/teams/${teamId}/discord-webhook`,
    expected: adminsOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/teams/{team}/discord-webhook',
    route: '/api/teams/{id}/discord-webhook',
    target: ({ teamId }) => `/api/teams/${teamId}/discord-webhook`,
    body: () => ({ url: null }),
    expected: adminsOnly(204),
  },
  { method: 'GET', url: '/api/password', expected: membersOnly(200) },
  {
    method: 'POST',
    url: '/api/password/{entry of my team role}/reveal',
    route: '/api/password/{id}/reveal',
    target: ({ sharedEntryId }) => `/api/password/${sharedEntryId}/reveal`,
    expected: membersOnly(200),
  },
  {
    method: 'POST',
    url: '/api/password/{entry of another team}/reveal',
    route: '/api/password/{id}/reveal',
    target: ({ hiddenEntryId }) => `/api/password/${hiddenEntryId}/reveal`,
    expected: { anonymous: 401, invited: 404, guest: 404, user: 404, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/password',
    body: () => ({ network: 'Discord', account: 'bot', password: 'pw', accessRules: [] }),
    expected: adminsOnly(201),
  },
  {
    method: 'PUT',
    url: '/api/password/{entry}',
    route: '/api/password/{id}',
    target: ({ sharedEntryId }) => `/api/password/${sharedEntryId}`,
    body: () => ({ network: 'Riot Games', account: 'renamed', accessRules: [] }),
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/password/{entry}',
    route: '/api/password/{id}',
    target: ({ sharedEntryId }) => `/api/password/${sharedEntryId}`,
    expected: adminsOnly(204),
  },
  {
    method: 'GET',
    url: '/api/password/{entry}/audit',
    route: '/api/password/{id}/audit',
    target: ({ sharedEntryId }) => `/api/password/${sharedEntryId}/audit`,
    expected: adminsOnly(200),
  },
  { method: 'GET', url: '/api/password/exposures', expected: adminsOnly(200) },
  // No bot token here: the roles are said unreadable (200), a sync needs the bot (503).
  { method: 'GET', url: '/api/discord/roles', expected: adminsOnly(200) },
  { method: 'GET', url: '/api/discord/mappings', expected: adminsOnly(200) },
  { method: 'PUT', url: '/api/discord/mappings', body: () => [], expected: adminsOnly(204) },
  { method: 'GET', url: '/api/discord/sync', expected: adminsOnly(200) },
  { method: 'GET', url: '/api/jobs', expected: adminsOnly(200) },
  {
    method: 'PUT',
    url: '/api/discord/sync',
    body: () => ({ interval_minutes: 30 }),
    expected: adminsOnly(204),
  },
  { method: 'POST', url: '/api/discord/sync', expected: adminsOnly(503) },
  {
    method: 'POST',
    url: '/api/discord/import',
    body: () => ({ dry_run: true }),
    expected: adminsOnly(503),
  },
  {
    method: 'POST',
    url: '/api/discord/sync/{other}',
    route: '/api/discord/sync/{userId}',
    target: ({ other }) => `/api/discord/sync/${other.id}`,
    expected: adminsOnly(503),
  },
  { method: 'GET', url: '/api/discord/history', expected: adminsOnly(200) },
  { method: 'GET', url: '/api/discord/webhook', expected: adminsOnly(200) },
  // Removing (null) asks nothing of Discord; setting a URL is in webhook-announcements.test.ts.
  {
    method: 'PUT',
    url: '/api/discord/webhook',
    body: () => ({ url: null }),
    expected: adminsOnly(204),
  },
  { method: 'GET', url: '/api/calendar', expected: membersOnly(200) },
  { method: 'POST', url: '/api/calendar', expected: membersOnly(201) },
  { method: 'DELETE', url: '/api/calendar', expected: membersOnly(204) },
  // The token is the credential: a calendar app fetches the feed without a session.
  {
    method: 'GET',
    url: '/calendar/{calendarToken}.ics',
    route: '/calendar/{token}.ics',
    target: ({ calendarToken }) => `/calendar/${calendarToken}.ics`,
    expected: everyone(200),
  },
  { method: 'GET', url: '/api/points/me', expected: membersOnly(200) },
  { method: 'GET', url: '/api/points/leaderboard', expected: membersOnly(200) },
  { method: 'GET', url: '/api/seasons', expected: membersOnly(200) },
  { method: 'POST', url: '/api/seasons', body: nextSeason, expected: adminsOnly(201) },
  {
    method: 'PUT',
    url: '/api/seasons/{season}',
    route: '/api/seasons/{id}',
    target: ({ seasonId }) => `/api/seasons/${seasonId}`,
    body: nextSeason,
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/seasons/{season}',
    route: '/api/seasons/{id}',
    target: ({ seasonId }) => `/api/seasons/${seasonId}`,
    expected: adminsOnly(204),
  },
  { method: 'GET', url: '/api/points/rules', expected: adminsOnly(200) },
  {
    method: 'PUT',
    url: '/api/points/rules',
    body: () => pointRules(10),
    expected: adminsOnly(200),
  },
  // A season covering today is made before the table: an award goes to it.
  {
    method: 'POST',
    url: '/api/points/awards',
    body: (member) => ({
      user_id: member?.id ?? '0123456789abcdef01234567',
      points: 5,
      reason: 'Organised the LAN',
    }),
    expected: adminsOnly(201),
  },
  { method: 'GET', url: '/api/points/ledger', expected: adminsOnly(200) },
  { method: 'GET', url: '/api/milestones', expected: membersOnly(200) },
  { method: 'POST', url: '/api/milestones', body: nextMilestone, expected: adminsOnly(201) },
  {
    method: 'PUT',
    url: '/api/milestones/{milestone}',
    route: '/api/milestones/{id}',
    target: ({ milestoneId }) => `/api/milestones/${milestoneId}`,
    body: nextMilestone,
    expected: adminsOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/milestones/{milestone}',
    route: '/api/milestones/{id}',
    target: ({ milestoneId }) => `/api/milestones/${milestoneId}`,
    expected: adminsOnly(204),
  },
  // Decision 040. The caller is in the team without managing it: a manager's awards and budget
  // are refused to every role (points-sources.test.ts gives as a manager).
  {
    method: 'POST',
    url: '/api/teams/{team}/points/awards',
    route: '/api/teams/{id}/points/awards',
    target: ({ teamId }) => `/api/teams/${teamId}/points/awards`,
    body: (member) => ({
      user_id: member?.id ?? '0123456789abcdef01234567',
      points: 5,
      reason: 'MVP du scrim',
    }),
    expected: membersOnly(403),
  },
  {
    method: 'GET',
    url: '/api/teams/{team}/points/budget',
    route: '/api/teams/{id}/points/budget',
    target: ({ teamId }) => `/api/teams/${teamId}/points/budget`,
    expected: membersOnly(403),
  },
  { method: 'GET', url: '/api/points/ledger.csv', expected: adminsOnly(200) },
  { method: 'POST', url: '/api/points/recompute', expected: adminsOnly(200) },
  {
    method: 'GET',
    url: '/api/users/{other}/badges',
    route: '/api/users/{id}/badges',
    target: ({ other }) => `/api/users/${other.id}/badges`,
    expected: membersOnly(200),
  },
  {
    method: 'POST',
    url: '/api/users/{other}/badges',
    route: '/api/users/{id}/badges',
    target: ({ other }) => `/api/users/${other.id}/badges`,
    body: () => ({ name: 'Shotcaller', icon: 'star', colour: '#3366ff', reason: 'LAN 2026' }),
    expected: adminsOnly(201),
  },
  {
    method: 'DELETE',
    url: '/api/badges/{badge}',
    route: '/api/badges/{id}',
    target: ({ badgeId }) => `/api/badges/${badgeId}`,
    expected: adminsOnly(204),
  },
  // These tests run without RIOT_API_KEY: every member is told League data is not configured.
  {
    method: 'GET',
    url: '/api/ranks/lol/{other}',
    route: '/api/ranks/lol/{userId}',
    target: ({ other }) => `/api/ranks/lol/${other.id}`,
    expected: membersOnly(503),
  },
  {
    method: 'GET',
    url: '/api/games/lol/{other}',
    route: '/api/games/lol/{userId}',
    target: ({ other }) => `/api/games/lol/${other.id}`,
    expected: membersOnly(503),
  },
  {
    method: 'POST',
    url: '/api/refresh/lol/{other}',
    route: '/api/refresh/lol/{userId}',
    target: ({ other }) => `/api/refresh/lol/${other.id}`,
    expected: membersOnly(503),
  },
  // Data Dragon through Guildhall (decision 026). These tests run without Data Dragon: the
  // champions are an empty list, and a picture never fetched is 503.
  { method: 'GET', url: '/api/league/champions', expected: membersOnly(200) },
  {
    method: 'GET',
    url: '/api/league/assets/champion/MonkeyKing.png',
    route: '/api/league/assets/champion/{file}',
    expected: membersOnly(503),
  },
  {
    method: 'GET',
    url: '/api/league/assets/item/3031.png',
    route: '/api/league/assets/item/{file}',
    expected: membersOnly(503),
  },
  // The League history is read from Guildhall's snapshots: it answers without a Riot key.
  {
    method: 'GET',
    url: '/api/users/{other}/league/history',
    route: '/api/users/{id}/league/history',
    target: ({ other }) => `/api/users/${other.id}/league/history`,
    expected: membersOnly(200),
  },
  // The activity timeline (decision 039): every signed-in member, as the profile itself.
  {
    method: 'GET',
    url: '/api/users/{other}/timeline',
    route: '/api/users/{id}/timeline',
    target: ({ other }) => `/api/users/${other.id}/timeline`,
    expected: membersOnly(200),
  },
];

const DISCORD_ROUTES: RouteCase[] = [
  { method: 'GET', url: '/auth/discord', expected: everyone(302) },
  {
    method: 'GET',
    url: '/auth/discord/callback?code=x&state=y',
    route: '/auth/discord/callback',
    expected: everyone(302),
  },
];

async function callAs(ctx: TestContext, caller: Caller, route: RouteCase): Promise<number> {
  const signedIn =
    caller === 'anonymous' ? undefined : await signedInAs(ctx.db, ctx.config, caller);
  const other = await buildMember(ctx.db, { role: 'user' });
  const { id: teamId } = await buildTeam(ctx.db, {
    roles: [{ role: 'Players', members: signedIn ? [other, signedIn.member] : [other] }],
  });
  const { id: otherTeamId } = await buildTeam(ctx.db, {
    roles: [{ role: 'Players', members: [other] }],
  });
  const entry = (teamOfRule: string) =>
    createPassword({
      db: ctx.db,
      vault: ctx.vault,
      actor: SEED_ACTOR,
      fields: {
        network: 'Riot Games',
        account: 'shared-account',
        password: 'secret-value',
        accessRules: [{ teamId: teamOfRule, roles: ['Players'] }],
      },
    });
  const { _id: sharedEntryId } = await entry(teamId);
  const { _id: hiddenEntryId } = await entry(otherTeamId);
  const { id: alertId } = await buildAlert(ctx.db);
  const event = async (audience: EventAudienceBody, startsInMs?: number) => {
    const id = await createEvent({
      db: ctx.db,
      viewer: {
        member: other,
        managesAll: true,
        teamIds: [],
        roleIds: [],
        roleNamesByTeam: {},
        managedTeamIds: [],
      },
      fields: eventFields(audience, startsInMs),
    });
    const [occurrence] = await ctx.db
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, id));
    return { id, occurrenceId: occurrence!.id };
  };
  const { id: eventId, occurrenceId } = await event({ kind: 'organization' });
  const { id: hiddenEventId, occurrenceId: hiddenOccurrenceId } = await event({
    kind: 'teams',
    team_ids: [otherTeamId],
  });
  const { occurrenceId: startedOccurrenceId } = await event({ kind: 'organization' }, -3_600_000);
  const calendarToken = await createCalendarToken({
    db: ctx.db,
    userId: (signedIn?.member ?? other).id,
  });
  // Only for the calls that name them: an organisation has at most MILESTONES_MAX milestones.
  const seasonId = route.url.includes('{season}')
    ? (await createSeason({ db: ctx.db, fields: nextSeason() }))._id
    : '';
  const milestoneId = route.url.includes('{milestone}')
    ? (await createMilestone({ db: ctx.db, fields: nextMilestone() }))._id
    : '';
  const badgeId = route.url.includes('{badge}')
    ? (
        await awardBadge({
          db: ctx.db,
          userId: other.id,
          awardedBy: other.id,
          fields: { name: 'Mistake', icon: 'gem', colour: '#112233' },
        })
      )._id
    : '';
  const raw = await route.rawBody?.();
  const client = clientAs(ctx, signedIn ? { cookie: signedIn.cookie } : 'anonymous');
  const response = await client.inject({
    method: route.method,
    url:
      route.target?.({
        self: signedIn?.member,
        other,
        teamId,
        alertId,
        sharedEntryId,
        hiddenEntryId,
        eventId,
        occurrenceId,
        hiddenEventId,
        hiddenOccurrenceId,
        startedOccurrenceId,
        calendarToken,
        seasonId,
        milestoneId,
        badgeId,
      }) ?? route.url,
    headers: { ...(raw && { 'content-type': raw.contentType }) },
    ...(route.body && { payload: route.body(signedIn?.member) }),
    ...(raw && { payload: raw.payload }),
  });
  return response.statusCode;
}

/** Every route of the OpenAPI document, as "METHOD /path". */
async function documentedRoutes(ctx: TestContext): Promise<string[]> {
  const document = (await clientAs(ctx, 'anonymous').get('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

const routeKey = (route: RouteCase) => `${route.method} ${route.route ?? route.url}`;

/** Linking is for signed-in members; a callback without a session goes back to the landing page. */
const LINK_ROUTES: RouteCase[] = (['twitch', 'twitter'] as const).flatMap((provider) => [
  { method: 'GET' as const, url: `/auth/${provider}`, expected: membersOnly(302) },
  {
    method: 'GET' as const,
    url: `/auth/${provider}/callback?code=x&state=y`,
    route: `/auth/${provider}/callback`,
    expected: everyone(302),
  },
]);

/** The three ways a Guildhall can be set up, each the whole table of its routes. */
export const MODES = {
  local: { mode: 'local mode', routes: LOCAL_MODE_ROUTES, discord: false, linking: false },
  linking: {
    mode: 'local mode with Twitch and Twitter',
    routes: [...LOCAL_MODE_ROUTES, ...LINK_ROUTES],
    discord: false,
    linking: true,
  },
  discord: {
    mode: 'Discord mode',
    routes: [
      ...LOCAL_MODE_ROUTES.filter((route) => route.url !== '/auth/local'),
      ...DISCORD_ROUTES,
    ],
    discord: true,
    linking: false,
  },
} as const;

interface Mode {
  mode: string;
  routes: readonly RouteCase[];
  discord: boolean;
  linking: boolean;
}

/**
 * The authorization table of one mode: every route for every kind of caller, the refusals made
 * before a body is read, and the table's cover of the OpenAPI document. One file per mode, so
 * that the test workers share the three.
 */
export function describeAuthorizationTable({ mode, routes, discord: withDiscord, linking }: Mode) {
  describe(`authorization table, ${mode}`, () => {
    let ctx: TestContext;
    let discord: FakeDiscord | undefined;
    let providers: FakeOAuthProvider[] = [];
    beforeAll(async () => {
      discord = withDiscord ? await startFakeDiscord() : undefined;
      providers = linking
        ? [await startFakeOAuthProvider('twitch'), await startFakeOAuthProvider('twitter')]
        : [];
      const env = Object.assign({}, discord?.env(), ...providers.map((provider) => provider.env()));
      ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env });
      // The logo is public: there must be one to fetch.
      const logo = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      await saveLogo({ db: ctx.db, logo: await reencodeLogo({ upload: logo }) });
      await createSeason({
        db: ctx.db,
        fields: { name: 'Now', starts_on: '2000-01-01', ends_on: '2199-12-31' },
      });
    });
    afterAll(async () => {
      await ctx.close();
      await discord?.close();
      await Promise.all(providers.map((provider) => provider.close()));
    });

    it('refuses callers before it reads their bodies', async () => {
      const guarded = routes.filter((route) => route.body && route.expected.anonymous === 401);
      const user = await signedInAs(ctx.db, ctx.config, 'user');
      for (const route of guarded) {
        const url = route.target
          ? (route.route ?? route.url).replaceAll(/\{[^}]*\}/g, '0123456789abcdef01234567')
          : route.url;
        const junk = { method: route.method, url, payload: { junk: true } };
        const anonymous = await clientAs(ctx, 'anonymous').inject(junk);
        expect(anonymous.statusCode, `${route.method} ${url} as anonymous`).toBe(401);
        if (route.expected.user === 403 && !route.authorizesOnBody) {
          const member = await clientAs(ctx, user.member).inject(junk);
          expect(member.statusCode, `${route.method} ${url} as user`).toBe(403);
        }
      }
    });

    it('covers every route the server has', async () => {
      const covered = [...new Set(routes.map(routeKey))].sort();
      expect((await documentedRoutes(ctx)).sort()).toEqual(covered);
    });

    const cases = routes.flatMap((route) =>
      CALLERS.map((caller) => ({ caller, route, expected: route.expected[caller] })),
    );
    it.each(cases)(
      '$route.method $route.url as $caller → $expected',
      async ({ caller, route, expected }) => {
        expect(await callAs(ctx, caller, route)).toBe(expected);
      },
    );
  });
}
