import { MEMBER_CSV_COLUMNS, PROFILE_FIELDS, eventBodySchema } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertDismissals,
  alerts,
  discordOutbox,
  discordRoleMappings,
  discordSync,
  discordWebhooks,
  eventAttendance,
  eventAudiences,
  eventOccurrences,
  eventRsvps,
  events,
  membershipEvents,
  memberBadges,
  milestones,
  organization,
  passwordAccessRules,
  passwordEntries,
  pointRules,
  pointTotals,
  pointsLedger,
  seasons,
  sessions,
  teamRoleMembers,
  teamRoles,
  teams,
  users,
} from '../../src/db/schema.js';
import { createAlert } from '../../src/services/alerts/create-alert.js';
import { createEvent } from '../../src/services/events/create-event.js';
import { createMilestone } from '../../src/services/points/create-milestone.js';
import { createSeason } from '../../src/services/points/create-season.js';
import { createPassword } from '../../src/services/passwords/create-password.js';
import { SEED_ACTOR } from '../../src/services/seed/seed-actor.js';
import { fakeGuild, startFakeDiscord, type FakeDiscord } from '../fakes/fake-discord.js';
import { buildMember, buildTeam, signedInAs } from '../helpers/factories.js';
import { clientAs, createTestContext, type TestContext } from '../helpers/test-app.js';

/** Generated bodies per call: thousands in all, every one answered without a 5xx. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);

let ctx: TestContext;
/** A portal on a Discord server with a bot (Discord mode), for the calls that read it. */
let discordCtx: TestContext;
let discord: FakeDiscord;
let adminCookie: string;
let discordAdminCookie: string;
let memberCookie: string;
const ids: Record<
  | 'member'
  | 'team'
  | 'alert'
  | 'entry'
  | 'event'
  | 'occurrence'
  | 'startedOccurrence'
  | 'season'
  | 'milestone',
  string
> = {
  season: '',
  milestone: '',
  member: '',
  team: '',
  alert: '',
  entry: '',
  event: '',
  occurrence: '',
  startedOccurrence: '',
};

beforeAll(async () => {
  // A Discord server with a bot, so that the calls that read it answer as they would in use.
  discord = await startFakeDiscord();
  const guild = fakeGuild();
  guild.membersIntent = true;
  guild.members.set('2000000000000000001', { username: 'ember', roleIds: [] });
  discord.guild = guild;
  const limits = { WRITE_RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' };
  discordCtx = await createTestContext({
    ...discord.env({ DISCORD_GUILD_ID: guild.id, DISCORD_BOT_TOKEN: guild.botToken }),
    ...limits,
  });
  discordAdminCookie = (await signedInAs(discordCtx.db, discordCtx.config, 'admin')).cookie;
  ctx = await createTestContext(limits);
  adminCookie = (await signedInAs(ctx.db, ctx.config, 'admin')).cookie;
  const member = await signedInAs(ctx.db, ctx.config, 'user');
  memberCookie = member.cookie;
  ids.member = (await buildMember(ctx.db)).id;
  const team = await buildTeam(ctx.db, { roles: [{ role: 'Players', members: [member.member] }] });
  ids.team = team.id;
  ids.alert = (
    await createAlert({
      db: ctx.db,
      fields: { type: 'infos', statut: 'active', condition: 'true', message: 'Hi' },
    })
  ).id;
  ids.entry = (
    await createPassword({
      db: ctx.db,
      vault: ctx.vault,
      actor: SEED_ACTOR,
      fields: {
        network: 'Riot',
        account: 'acc',
        password: 'secret',
        accessRules: [{ teamId: team.id, roles: ['Players'] }],
      },
    })
  )._id;
  const admin = (await ctx.db.select().from(users).where(eq(users.role, 'admin')))[0]!;
  const adminViewer = {
    member: admin,
    managesAll: true,
    teamIds: [],
    roleIds: [],
    roleNamesByTeam: {},
    managedTeamIds: [],
  };
  ids.event = await createEvent({
    db: ctx.db,
    viewer: adminViewer,
    fields: eventBodySchema.parse({
      title: 'Scrim',
      type: 'scrim',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 90_000_000).toISOString(),
      capacity: 1,
      audience: { kind: 'organization' },
    }),
  });
  const started = await createEvent({
    db: ctx.db,
    viewer: adminViewer,
    fields: eventBodySchema.parse({
      title: 'Training',
      type: 'training',
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      audience: { kind: 'organization' },
    }),
  });
  ids.startedOccurrence = (
    await ctx.db
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, started))
  )[0]!.id;
  ids.occurrence = (
    await ctx.db
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, ids.event))
  )[0]!.id;
  // A season under way, for awards; the edits' season lies in the future.
  await createSeason({
    db: ctx.db,
    fields: { name: 'Now', starts_on: '2000-01-01', ends_on: '2099-12-31' },
  });
  ids.season = (
    await createSeason({
      db: ctx.db,
      fields: { name: 'Next', starts_on: '2100-01-01', ends_on: '2100-12-31' },
    })
  )._id;
  ids.milestone = (
    await createMilestone({
      db: ctx.db,
      fields: { name: 'Gold', threshold: 500, icon: 'trophy', colour: '#d4a017' },
    })
  )._id;
});
afterAll(async () => {
  await ctx.close();
  await discordCtx.close();
  await discord.close();
});

/** Bodies near the real shapes (known field names, hostile values) and far from them. */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    "'; drop table users; --",
    '\u0000',
    '#'.repeat(70),
    'a'.repeat(5000),
    '9999-99-99',
    '#zzzzzz',
    'javascript:alert(1)',
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    '0123456789abcdef01234567',
    '2030-01-01T00:00:00Z',
    '2020-02-30T25:61:00+02:00',
  ),
);
const bodyFor = (fields: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: fields.length }),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 4 }),
  );

interface WriteCall {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  cookie: () => string;
  fields: string[];
  /** The portal the call is sent to, when not the default one (local mode). */
  on?: () => TestContext;
  /** The body is a list of such objects (a whole list replaced at once). */
  list?: boolean;
  /** What a refused request must leave unchanged. */
  tables: PgTable[];
}

const TEAM_TABLES = [teams, teamRoles, teamRoleMembers];
const EVENT_TABLES = [events, eventAudiences, eventOccurrences, eventRsvps];
const EVENT_FIELDS = [
  'title',
  'type',
  'description',
  'starts_at',
  'ends_at',
  'time_zone',
  'location',
  'opponent',
  'audience',
  'capacity',
  'rsvp_deadline',
];
const VAULT_TABLES = [passwordEntries, passwordAccessRules];
const POINTS_TABLES = [seasons, pointRules, pointsLedger, pointTotals, milestones];
const SEASON_FIELDS = ['name', 'starts_on', 'ends_on'];
const MILESTONE_FIELDS = ['name', 'threshold', 'icon', 'colour'];
const ACCOUNT = [...PROFILE_FIELDS];

const CALLS: WriteCall[] = [
  {
    name: 'PUT /api/user',
    method: 'PUT',
    url: () => '/api/user',
    cookie: () => memberCookie,
    fields: [...ACCOUNT, 'role', 'adhesion'],
    tables: [users],
  },
  {
    name: 'PUT /api/user/preferences',
    method: 'PUT',
    url: () => '/api/user/preferences',
    cookie: () => memberCookie,
    fields: ['theme', 'show_real_name'],
    tables: [users],
  },
  {
    name: 'PUT /api/users/{id}',
    method: 'PUT',
    url: () => `/api/users/${ids.member}`,
    cookie: () => adminCookie,
    fields: [
      ...ACCOUNT,
      'role',
      'team',
      'adhesion',
      'valorant_login',
      'fortnite_login',
      'leagueoflegends_login',
      'twitch_login',
    ],
    tables: [users],
  },
  {
    name: 'POST /api/users/membership',
    method: 'POST',
    url: () => '/api/users/membership',
    cookie: () => adminCookie,
    fields: ['members', 'role', 'adhesion', 'add_team_roles', 'remove_team_roles'],
    tables: [users, membershipEvents, teamRoleMembers, pointsLedger, pointTotals],
  },
  {
    name: 'POST /api/teams',
    method: 'POST',
    url: () => '/api/teams',
    cookie: () => adminCookie,
    fields: ['name', 'icon', 'type', 'game', 'roles'],
    tables: TEAM_TABLES,
  },
  {
    name: 'PUT /api/teams/{id}',
    method: 'PUT',
    url: () => `/api/teams/${ids.team}`,
    cookie: () => adminCookie,
    fields: ['name', 'icon', 'type', 'game', 'roles'],
    tables: TEAM_TABLES,
  },
  {
    name: 'POST /api/alerts',
    method: 'POST',
    url: () => '/api/alerts',
    cookie: () => adminCookie,
    fields: ['type', 'statut', 'condition', 'message', 'starts_at', 'ends_at', 'post_to_discord'],
    tables: [alerts, discordOutbox],
  },
  {
    name: 'PUT /api/alerts/{id}',
    method: 'PUT',
    url: () => `/api/alerts/${ids.alert}`,
    cookie: () => adminCookie,
    fields: ['type', 'statut', 'condition', 'message', 'starts_at', 'ends_at', 'post_to_discord'],
    tables: [alerts, discordOutbox],
  },
  {
    name: 'POST /api/alerts/{id}/dismiss',
    method: 'POST',
    url: () => `/api/alerts/${ids.alert}/dismiss`,
    cookie: () => memberCookie,
    // No body: whatever is sent is ignored, and the dismissal is the member's own.
    fields: ['message', '_id'],
    tables: [alertDismissals],
  },
  {
    name: 'POST /api/alerts/preview',
    method: 'POST',
    url: () => '/api/alerts/preview',
    cookie: () => adminCookie,
    fields: ['condition'],
    tables: [alerts],
  },
  {
    name: 'POST /api/events',
    method: 'POST',
    url: () => '/api/events',
    cookie: () => adminCookie,
    fields: EVENT_FIELDS,
    tables: EVENT_TABLES,
  },
  {
    name: 'PUT /api/events/{id}',
    method: 'PUT',
    url: () => `/api/events/${ids.event}`,
    cookie: () => adminCookie,
    fields: EVENT_FIELDS,
    tables: EVENT_TABLES,
  },
  {
    name: 'PUT /api/event-occurrences/{id}/rsvp',
    method: 'PUT',
    url: () => `/api/event-occurrences/${ids.occurrence}/rsvp`,
    cookie: () => memberCookie,
    fields: ['answer', 'comment'],
    tables: EVENT_TABLES,
  },
  {
    name: 'PATCH /api/event-occurrences/{id}',
    method: 'PATCH',
    url: () => `/api/event-occurrences/${ids.occurrence}`,
    cookie: () => adminCookie,
    fields: ['cancelled', 'starts_at', 'ends_at'],
    tables: EVENT_TABLES,
  },
  {
    name: 'PUT /api/event-occurrences/{id}/attendance',
    method: 'PUT',
    url: () => `/api/event-occurrences/${ids.startedOccurrence}/attendance`,
    cookie: () => adminCookie,
    fields: ['entries', 'user_id', 'status'],
    tables: [...EVENT_TABLES, eventAttendance, ...POINTS_TABLES],
  },
  {
    name: 'PUT /api/teams/{id}/discord-webhook',
    method: 'PUT',
    url: () => `/api/teams/${ids.team}/discord-webhook`,
    cookie: () => adminCookie,
    fields: ['url'],
    tables: [discordWebhooks, discordOutbox],
  },
  {
    name: 'POST /api/seasons',
    method: 'POST',
    url: () => '/api/seasons',
    cookie: () => adminCookie,
    fields: SEASON_FIELDS,
    tables: POINTS_TABLES,
  },
  {
    name: 'PUT /api/seasons/{id}',
    method: 'PUT',
    url: () => `/api/seasons/${ids.season}`,
    cookie: () => adminCookie,
    fields: SEASON_FIELDS,
    tables: POINTS_TABLES,
  },
  {
    name: 'PUT /api/points/rules',
    method: 'PUT',
    url: () => '/api/points/rules',
    cookie: () => adminCookie,
    fields: ['attendance', 'membership', 'league', 'managers'],
    tables: POINTS_TABLES,
  },
  {
    name: 'POST /api/points/awards',
    method: 'POST',
    url: () => '/api/points/awards',
    cookie: () => adminCookie,
    fields: ['user_id', 'points', 'reason'],
    tables: POINTS_TABLES,
  },
  {
    name: 'POST /api/teams/{id}/points/awards',
    method: 'POST',
    url: () => `/api/teams/${ids.team}/points/awards`,
    cookie: () => adminCookie,
    fields: ['user_id', 'points', 'reason'],
    tables: POINTS_TABLES,
  },
  {
    name: 'POST /api/milestones',
    method: 'POST',
    url: () => '/api/milestones',
    cookie: () => adminCookie,
    fields: MILESTONE_FIELDS,
    tables: POINTS_TABLES,
  },
  {
    name: 'PUT /api/milestones/{id}',
    method: 'PUT',
    url: () => `/api/milestones/${ids.milestone}`,
    cookie: () => adminCookie,
    fields: MILESTONE_FIELDS,
    tables: POINTS_TABLES,
  },
  {
    name: 'POST /api/users/{id}/badges',
    method: 'POST',
    url: () => `/api/users/${ids.member}/badges`,
    cookie: () => adminCookie,
    fields: ['name', 'icon', 'colour', 'reason'],
    tables: [memberBadges],
  },
  {
    name: 'PUT /api/organization',
    method: 'PUT',
    url: () => '/api/organization',
    cookie: () => adminCookie,
    fields: [
      'name',
      'email',
      'primary_color',
      'secondary_color',
      'background_color',
      'website',
      'twitch',
      'twitter',
      'instagram',
      'facebook',
    ],
    tables: [organization],
  },
  {
    name: 'POST /api/password',
    method: 'POST',
    url: () => '/api/password',
    cookie: () => adminCookie,
    fields: ['network', 'account', 'password', 'accessRules'],
    tables: VAULT_TABLES,
  },
  {
    name: 'PUT /api/password/{id}',
    method: 'PUT',
    url: () => `/api/password/${ids.entry}`,
    cookie: () => adminCookie,
    fields: ['network', 'account', 'password', 'accessRules'],
    tables: VAULT_TABLES,
  },
  {
    name: 'PUT /api/discord/mappings',
    method: 'PUT',
    url: () => '/api/discord/mappings',
    cookie: () => adminCookie,
    fields: ['discord_role_id', 'portal_role', 'team_role_id'],
    list: true,
    tables: [discordRoleMappings],
  },
  {
    name: 'PUT /api/discord/sync',
    method: 'PUT',
    url: () => '/api/discord/sync',
    cookie: () => discordAdminCookie,
    on: () => discordCtx,
    fields: ['interval_minutes'],
    tables: [discordSync],
  },
  {
    name: 'POST /api/discord/import',
    method: 'POST',
    url: () => '/api/discord/import',
    cookie: () => discordAdminCookie,
    on: () => discordCtx,
    fields: ['dry_run'],
    tables: [users, membershipEvents, teamRoleMembers],
  },
  {
    name: 'PUT /api/discord/webhook',
    method: 'PUT',
    url: () => '/api/discord/webhook',
    cookie: () => adminCookie,
    fields: ['url'],
    tables: [discordWebhooks, discordOutbox],
  },
  {
    name: 'POST /auth/local',
    method: 'POST',
    url: () => '/auth/local',
    cookie: () => '',
    fields: ['pseudo'],
    tables: [users, sessions],
  },
];

async function snapshot(tables: PgTable[], on = ctx): Promise<string> {
  const rows = await Promise.all(tables.map((table) => on.db.select().from(table)));
  return JSON.stringify(
    rows.map((tableRows) => tableRows.map((row) => JSON.stringify(row)).sort()),
  );
}

describe('hostile bodies on every write call', () => {
  it.each(CALLS)('$name: no 5xx, and a refused request changes nothing', async (call) => {
    await fc.assert(
      fc.asyncProperty(
        call.list
          ? fc.oneof(fc.array(bodyFor(call.fields), { maxLength: 4 }), bodyFor(call.fields))
          : bodyFor(call.fields),
        async (body) => {
          const portal = call.on?.() ?? ctx;
          const before = await snapshot(call.tables, portal);
          const response = await portal.app.inject({
            method: call.method,
            url: call.url(),
            headers: {
              'content-type': 'application/json',
              ...(call.cookie() && { cookie: call.cookie() }),
            },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(await snapshot(call.tables, portal)).toBe(before);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

/** A CSV cell: hostile text, a quote or separator inside, a line break, a formula. */
const hostileCell = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '"', '""', ';', ',', '\r\n', '=1+1', "'=1", 'admin', 'VRAI', '1999-02-30'),
  // JSON text, not String(): a generated object may carry its own "toString" or "valueOf" key,
  // which String() cannot convert.
  hostileValue.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
);
/** A member list: known and unknown columns, rows of any length, either separator. */
const hostileCsv = fc
  .record({
    header: fc.array(
      fc.oneof(fc.constantFrom(...MEMBER_CSV_COLUMNS), fc.string({ maxLength: 8 })),
      {
        minLength: 1,
        maxLength: 6,
      },
    ),
    rows: fc.array(fc.array(hostileCell, { maxLength: 7 }), { maxLength: 6 }),
    separator: fc.constantFrom(',', ';'),
    quoteEvery: fc.boolean(),
  })
  .map(({ header, rows, separator, quoteEvery }) =>
    [header, ...rows]
      .map((cells) =>
        cells
          .map((cell) => (quoteEvery ? `"${cell.replaceAll('"', '""')}"` : cell))
          .join(separator),
      )
      .join('\r\n'),
  );

describe('hostile CSV on POST /api/users/import', () => {
  it.each([true, false])(
    'dry_run=%s: no 5xx; a dry run or a refused file changes nothing',
    async (dryRun) => {
      await fc.assert(
        fc.asyncProperty(hostileCsv, async (body) => {
          const before = await snapshot([users, membershipEvents]);
          const response = await ctx.app.inject({
            method: 'POST',
            url: `/api/users/import?dry_run=${dryRun}`,
            headers: { 'content-type': 'text/csv', cookie: adminCookie },
            payload: body,
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (dryRun || response.statusCode >= 400) {
            expect(await snapshot([users, membershipEvents])).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
    },
  );
});

describe('bodies that attack the parser', () => {
  const send = (payload: string | Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      payload,
    });

  it('refuses deeply nested JSON with 400, and stores nothing', async () => {
    const before = await snapshot([alerts]);
    for (const deep of [
      '['.repeat(100_000) + ']'.repeat(100_000),
      `{"message":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    ]) {
      const response = await send(deep);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/nested deeper/);
    }
    expect(await snapshot([alerts])).toBe(before);
  });

  it('refuses a NUL character in a body or a query with 400', async () => {
    const body = await send(
      '{"type":"infos","statut":"active","condition":"true","message":"a\\u0000b"}',
    );
    expect(body.statusCode).toBe(400);
    const query = await clientAs(ctx, { cookie: adminCookie }).get('/api/users?q=%00');
    expect(query.statusCode).toBe(400);
  });

  it('refuses prototype keys', async () => {
    const response = await send(
      '{"type":"infos","statut":"active","condition":"true","message":"x","__proto__":{"admin":true}}',
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await send(JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});
