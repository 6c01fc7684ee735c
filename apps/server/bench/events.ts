// Events at the scale of issue 17 in PostgreSQL: 100,000 members in 1,500 teams of about fifty,
// 5,000 events over a season (one in a hundred for the whole organisation), thirty answers each.
// Prints p50 and p95 of the upcoming list, a month of the calendar, an event page (a member's and
// a manager's, who also gets every answer and who has not answered) and an answer. Asserts
// nothing.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:events -w @guildhall/server
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { connectPostgres } from '../src/db/client.js';
import { teamRoleMembers, teamRoles, users } from '../src/db/schema.js';
import { unlockVault } from '../src/services/passwords/vault-key/keyring.js';
import { sessionCookieFor } from '../test/helpers/factories.js';
import { testConfig } from '../test/helpers/test-app.js';
import { seedMembers, seedTeamMemberships } from './seed-members.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 1_500);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const name = `guildhall_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = connectPostgres(url.toString());

try {
  await database.migrate();
  const started = performance.now();
  await seedMembers(database.db, MEMBERS);
  await seedTeamMemberships(database.db, TEAMS);
  await seedEvents();
  console.log(
    `seeded ${MEMBERS} members, ${TEAMS} teams, ${EVENTS} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const config = testConfig({ LOG_LEVEL: 'silent', WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });
  const vault = await unlockVault(database.db, randomBytes(32));
  const app = await buildApp({ config, database, vault, logger: false, webRoot: '/nonexistent' });

  // A member of team 1, and its coach: the holder of a role of the team ticked "manages".
  const [holder] = await database.db
    .select({ userId: teamRoleMembers.userId })
    .from(teamRoleMembers)
    .where(sql`${teamRoleMembers.roleId} = substr(md5('role1-0'), 1, 24)`)
    .orderBy(teamRoleMembers.userId)
    .limit(1);
  if (!holder) throw new Error('team 1 has no member');
  const [member] = await database.db.select().from(users).where(eq(users.id, holder.userId));
  const [manager] = await database.db.select().from(users).where(eq(users.pseudo, 'player7'));
  if (!member || !manager) throw new Error('no member');
  await database.db.insert(teamRoles).values({
    id: 'c0ac40000000000000000001',
    teamId: sql`substr(md5('team1'), 1, 24)`,
    name: 'Coach',
    position: 2,
    manages: true,
  });
  await database.db
    .insert(teamRoleMembers)
    .values({ roleId: 'c0ac40000000000000000001', userId: manager.id, position: 0 });
  const memberCookie = await sessionCookieFor(database.db, config, member);
  const managerCookie = await sessionCookieFor(database.db, config, manager);

  const upcoming = await app.inject({
    method: 'GET',
    url: '/api/events',
    headers: { cookie: memberCookie },
  });
  const occurrences = upcoming.json<{
    occurrences: { _id: string; event_id: string; rsvp_deadline: string }[];
  }>().occurrences;
  // One still taking answers: its page is the one a member opens to answer.
  const pageOf = occurrences.find(
    (occurrence) => Date.parse(occurrence.rsvp_deadline) > Date.now(),
  );
  if (!pageOf) throw new Error('the member sees no event');
  console.log(`the member sees ${occurrences.length} upcoming occurrences (first page)`);

  const monthFrom = new Date();
  const monthTo = new Date(monthFrom.getTime() + 31 * 86_400_000);
  const cases: [string, string, string, 'GET' | 'PUT'][] = [
    ['upcoming list (member)', '/api/events', memberCookie, 'GET'],
    ['upcoming list (manager)', '/api/events', managerCookie, 'GET'],
    [
      'a month (member)',
      `/api/events?from=${monthFrom.toISOString()}&to=${monthTo.toISOString()}&limit=200`,
      memberCookie,
      'GET',
    ],
    ['event page (member)', `/api/event-occurrences/${pageOf._id}`, memberCookie, 'GET'],
    ['event page (manager)', `/api/event-occurrences/${pageOf._id}`, managerCookie, 'GET'],
    ['answer (member)', `/api/event-occurrences/${pageOf._id}/rsvp`, memberCookie, 'PUT'],
  ];
  console.log(`\n${'case'.padEnd(32)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}`);
  for (const [label, path, cookie, method] of cases) {
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const response = await app.inject({
        method,
        url: path,
        headers: { cookie },
        ...(method === 'PUT' && { payload: { answer: run % 2 ? 'going' : 'maybe' } }),
      });
      timings.push(performance.now() - start);
      if (response.statusCode !== 200) {
        throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      }
    }
    timings.sort((a, b) => a - b);
    const at = (quantile: number) =>
      (timings[Math.floor(quantile * (timings.length - 1))] ?? Number.NaN).toFixed(2);
    console.log(`${label.padEnd(32)}${at(0.5).padStart(10)}${at(0.95).padStart(10)}`);
  }
  await app.close();
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/**
 * EVENTS one-off events from 150 days ago to 150 days ahead, each for one team (one in a hundred
 * for everyone), with answers from fifteen holders of each of the team's roles.
 */
async function seedEvents(): Promise<void> {
  const db = database.db;
  await db.execute(sql`
    insert into events (id, title, type, time_zone, audience_kind, capacity, starts_at, ends_at)
    select substr(md5('event' || e), 1, 24), 'Event ' || e,
           (array['training', 'scrim', 'match', 'meeting', 'other'])[1 + e % 5],
           'Europe/Paris',
           case when e % 100 = 0 then 'organization' else 'teams' end,
           case when e % 3 = 0 then 20 else null end,
           now() + ((e * 300.0 / ${EVENTS} - 150) || ' days')::interval,
           now() + ((e * 300.0 / ${EVENTS} - 150) || ' days')::interval + interval '2 hours'
    from generate_series(1, ${EVENTS}) as e`);
  await db.execute(sql`
    insert into event_audiences (id, event_id, team_id)
    select substr(md5('audience' || e), 1, 24), substr(md5('event' || e), 1, 24),
           substr(md5('team' || (1 + e % ${TEAMS})), 1, 24)
    from generate_series(1, ${EVENTS}) as e where e % 100 <> 0`);
  await db.execute(sql`
    insert into event_occurrences (id, event_id, starts_at, ends_at, rule_starts_at)
    select substr(md5('occurrence' || id), 1, 24), id, starts_at, ends_at, starts_at from events`);
  await db.execute(sql`
    insert into event_rsvps (occurrence_id, user_id, answer, waitlisted)
    select o.id, m.user_id, (array['going', 'maybe', 'not_going'])[1 + (m.position % 3)], false
    from event_occurrences o
    join event_audiences a on a.event_id = o.event_id
    join team_roles r on r.team_id = a.team_id
    join lateral (
      select user_id, position from team_role_members where role_id = r.id order by position limit 15
    ) as m on true`);
  for (const table of ['events', 'event_audiences', 'event_occurrences', 'event_rsvps']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
