// Events at the scale of issue 17 in PostgreSQL: 100,000 members in 1,500 teams of about fifty,
// 5,000 events over a season (one in a hundred for the whole organisation), thirty answers each.
// Prints p50 and p95 of the upcoming list, a month of the calendar, a team's next events (the
// dashboard's team card), an event page (a member's and a manager's, who also gets every answer
// and who has not answered) and an answer. Asserts nothing.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:events -w @guildhall/server
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { teamRoleMembers, teamRoles, users } from '../src/db/schema.js';
import { sessionCookieFor } from '../test/helpers/factories.js';
import { benchApp, printLatencies, withFreshPostgres } from './in-process.js';
import { seedMembers, seedTeamMemberships } from './seed-members.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 1_500);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

await withFreshPostgres(async (database) => {
  const started = performance.now();
  await seedMembers(database.db, MEMBERS);
  await seedTeamMemberships(database.db, TEAMS);
  await seedEvents(database.db);
  console.log(
    `seeded ${MEMBERS} members, ${TEAMS} teams, ${EVENTS} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { app, config } = await benchApp(database, { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });

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
    items: { _id: string; event_id: string; rsvp_deadline: string }[];
  }>().items;
  // One still taking answers: its page is the one a member opens to answer.
  const pageOf = occurrences.find(
    (occurrence) => Date.parse(occurrence.rsvp_deadline) > Date.now(),
  );
  if (!pageOf) throw new Error('the member sees no event');
  console.log(`the member sees ${occurrences.length} upcoming occurrences (first page)`);

  const monthFrom = new Date();
  const monthTo = new Date(monthFrom.getTime() + 31 * 86_400_000);
  const month = `from=${monthFrom.toISOString()}&to=${monthTo.toISOString()}&limit=200`;
  const page = `/api/event-occurrences/${pageOf._id}`;
  // The dashboard's team card: the next three of team 1 (the ids seedEvents gives).
  const teamOne = createHash('md5').update('team1').digest('hex').slice(0, 24);
  const teamEvents = `/api/events?team=${teamOne}&limit=3`;
  await printLatencies(
    app,
    [
      { label: 'upcoming list (member)', url: '/api/events', cookie: memberCookie },
      { label: 'upcoming list (manager)', url: '/api/events', cookie: managerCookie },
      { label: 'a month (member)', url: `/api/events?${month}`, cookie: memberCookie },
      { label: "a team's next 3 (member)", url: teamEvents, cookie: memberCookie },
      { label: "a team's next 3 (manager)", url: teamEvents, cookie: managerCookie },
      { label: 'event page (member)', url: page, cookie: memberCookie },
      { label: 'event page (manager)', url: page, cookie: managerCookie },
      {
        label: 'answer (member)',
        method: 'PUT',
        url: `${page}/rsvp`,
        cookie: memberCookie,
        payload: (run) => ({ answer: run % 2 ? 'going' : 'maybe' }),
      },
    ],
    RUNS,
  );
  await app.close();
});

/**
 * EVENTS one-off events from 150 days ago to 150 days ahead, each for one team (one in a hundred
 * for everyone), with answers from fifteen holders of each of the team's roles.
 */
async function seedEvents(db: Db): Promise<void> {
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
