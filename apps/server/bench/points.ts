// Points at the scale of issue 18 in PostgreSQL: 100,000 members, 5 million ledger lines over two
// seasons (the current one with about 3.3 million), totals kept beside them, five milestones.
// Prints p50 and p95 of the ranking card (GET /api/points/me) for a member in the middle of the
// ranking and for one without points, the leaderboard's first and middle pages, an admin's ledger
// pages, an award by hand (a line, its total and the milestones it reaches), and a member's
// activity timeline (decision 039: read from every source at each request), first and next page,
// read by another member and by the member itself, the member given a few hundred lines of each
// source. Asserts nothing. BENCH_MEMBERS and BENCH_LINES make it smaller.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:points -w @guildhall/server
import { performance } from 'node:perf_hooks';
import { encodeCursor } from '@guildhall/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { pointTotals, users } from '../src/db/schema.js';
import { createMilestone } from '../src/services/points/create-milestone.js';
import { createSeason } from '../src/services/points/create-season.js';
import { buildMember, sessionCookieFor } from '../test/helpers/factories.js';
import { benchApp, printLatencies, withFreshPostgres } from './in-process.js';
import { seedMembers } from './seed-members.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LINES = Number(process.env.BENCH_LINES ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Lines spread over every member, a third in the past season; totals summed from them. */
async function seedLedger(db: Db, pastSeason: string, currentSeason: string): Promise<void> {
  await db.execute(sql`
    with numbered as (
      select id, (row_number() over (order by id) - 1)::int as k from users
    )
    insert into points_ledger (id, user_id, season_id, points, source, reason, detail, created_at)
    select substr(md5('line' || n), 1, 24),
           numbered.id,
           case when n % 3 = 0 then ${pastSeason} else ${currentSeason} end,
           (n % 20) + 1,
           case when n % 5 = 0 then 'manual' else 'attendance' end,
           'Entraînement',
           case when n % 5 = 0 then null else 'present' end,
           now() - (n % 100000) * interval '1 minute'
    from generate_series(1, ${LINES}) as n
    join numbered on numbered.k = n % ${MEMBERS}
  `);
}

/**
 * The member's other sources, as a year of activity would leave them: 300 occurrences attended
 * (their ledger lines of subject `attendance:…`), a hundred League rank changes, ten badges, ten
 * team-role changes and the milestones its total reached.
 */
async function seedTimeline(db: Db, memberId: string, seasonId: string): Promise<void> {
  await db.execute(sql`
    insert into events (id, title, type, time_zone, audience_kind, starts_at, ends_at)
    values (substr(md5('timeline-event'), 1, 24), 'Entraînement', 'training', 'Europe/Paris',
            'organization', now() - interval '300 days', now() - interval '300 days' + interval '2 hours')
  `);
  await db.execute(sql`
    insert into event_occurrences (id, event_id, starts_at, ends_at, rule_starts_at)
    select substr(md5('occurrence' || n), 1, 24), substr(md5('timeline-event'), 1, 24),
           now() - n * interval '1 day', now() - n * interval '1 day' + interval '2 hours',
           now() - n * interval '1 day'
    from generate_series(1, 300) as n
  `);
  await db.execute(sql`
    insert into event_attendance (occurrence_id, user_id, status)
    select substr(md5('occurrence' || n), 1, 24), ${memberId},
           case when n % 4 = 0 then 'late' else 'present' end
    from generate_series(1, 300) as n
  `);
  await db.execute(sql`
    insert into points_ledger (id, user_id, season_id, points, source, subject, reason, detail, created_at)
    select substr(md5('attended' || n), 1, 24), ${memberId}, ${seasonId}, 10, 'attendance',
           'attendance:' || substr(md5('occurrence' || n), 1, 24) || ':' || ${memberId},
           'Entraînement', 'present', now() - n * interval '1 day'
    from generate_series(1, 300) as n
  `);
  await db.execute(sql`
    insert into league_snapshots (id, user_id, puuid, queue, taken_on, tier, division,
                                  league_points, wins, losses, change, taken_at)
    select substr(md5('snapshot' || n), 1, 24), ${memberId}, 'bench-puuid', 'RANKED_SOLO_5x5',
           (now() - n * interval '3 days')::date, 'GOLD', 'II', 50, 10, 10,
           case when n % 2 = 0 then 'up' else 'down' end, now() - n * interval '3 days'
    from generate_series(1, 100) as n
  `);
  await db.execute(sql`
    insert into member_badges (id, user_id, name, icon, colour, created_at)
    select substr(md5('badge' || n), 1, 24), ${memberId}, 'Capitaine', 'crown', '#d4a017',
           now() - n * interval '30 days'
    from generate_series(1, 10) as n
  `);
  await db.execute(sql`
    insert into membership_events (id, user_id, pseudo, kind, detail, source, created_at)
    select substr(md5('membership' || n), 1, 24), ${memberId}, 'bench',
           case when n % 2 = 0 then 'team_role_granted' else 'team_role_removed' end,
           'Guildhall LoL · Coach', 'admin', now() - n * interval '20 days'
    from generate_series(1, 10) as n
  `);
  await db.execute(sql`analyze`);
}

await withFreshPostgres(async (database) => {
  const started = performance.now();
  await seedMembers(database.db, MEMBERS);
  const past = await createSeason({
    db: database.db,
    fields: { name: 'Saison passée', starts_on: isoDay(-400), ends_on: isoDay(-100) },
  });
  const current = await createSeason({
    db: database.db,
    fields: { name: 'Saison en cours', starts_on: isoDay(-99), ends_on: isoDay(200) },
  });
  await seedLedger(database.db, past._id, current._id);
  await database.db.execute(sql`
    insert into point_totals (season_id, user_id, points)
    select season_id, user_id, sum(points)::int from points_ledger group by season_id, user_id
  `);
  await database.db.execute(sql`
    insert into point_counts (season_id, points, members)
    select season_id, points, count(*)::int from point_totals group by season_id, points
  `);
  await database.db.execute(sql`analyze`);
  for (const [index, name] of ['Bronze', 'Argent', 'Or', 'Platine', 'Diamant'].entries()) {
    await createMilestone({
      db: database.db,
      fields: { name, threshold: 200 * (index + 1) ** 2, icon: 'trophy', colour: '#d4a017' },
    });
  }
  console.log(
    `seeded ${MEMBERS} members, ${LINES} ledger lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { app, config } = await benchApp(database, { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });

  const [middle] = await database.db
    .select({ user_id: pointTotals.userId })
    .from(pointTotals)
    .where(eq(pointTotals.seasonId, current._id))
    .orderBy(pointTotals.points, pointTotals.userId)
    .offset(Math.floor(MEMBERS / 2))
    .limit(1);
  if (!middle) throw new Error('no member has points');
  // The leaderboard's middle page: the one after the line in the middle of its order.
  const [middleLine] = await database.db
    .select({ points: pointTotals.points, userId: pointTotals.userId })
    .from(pointTotals)
    .where(eq(pointTotals.seasonId, current._id))
    .orderBy(desc(pointTotals.points), pointTotals.userId)
    .offset(Math.floor(MEMBERS / 2))
    .limit(1);
  if (!middleLine) throw new Error('no middle line');
  const middleCursor = encodeCursor([middleLine.points, middleLine.userId]);
  const [member] = await database.db.select().from(users).where(eq(users.id, middle.user_id));
  const [admin] = await database.db.select().from(users).where(eq(users.role, 'admin')).limit(1);
  const newcomer = await buildMember(database.db);
  if (!member) throw new Error('no member');
  const adminRow = admin ?? (await buildMember(database.db, { role: 'admin' }));
  const adminCookie = await sessionCookieFor(database.db, config, adminRow);
  await seedTimeline(database.db, member.id, current._id);
  const memberCookie = await sessionCookieFor(database.db, config, member);
  const readerCookie = await sessionCookieFor(database.db, config, newcomer);
  const timeline = `/api/users/${member.id}/timeline`;
  const first = await app.inject({
    method: 'GET',
    url: timeline,
    headers: { cookie: readerCookie },
  });
  const { next_cursor: next } = first.json<{ next_cursor: string | null }>();
  if (first.statusCode !== 200 || !next)
    throw new Error(`timeline: ${first.statusCode} ${first.body}`);

  await printLatencies(
    app,
    [
      {
        label: 'ranking card (ranked member)',
        url: '/api/points/me',
        cookie: await sessionCookieFor(database.db, config, member),
      },
      {
        label: 'ranking card (no points)',
        url: '/api/points/me',
        cookie: await sessionCookieFor(database.db, config, newcomer),
      },
      {
        label: 'leaderboard, first page',
        url: '/api/points/leaderboard',
        cookie: await sessionCookieFor(database.db, config, member),
      },
      {
        label: 'leaderboard, middle page',
        url: `/api/points/leaderboard?cursor=${middleCursor}`,
        cookie: await sessionCookieFor(database.db, config, member),
      },
      {
        label: "ledger page (a member's)",
        url: `/api/points/ledger?member=${member.id}&limit=50`,
        cookie: adminCookie,
      },
      {
        label: 'ledger page (season)',
        url: `/api/points/ledger?season=${current._id}`,
        cookie: adminCookie,
      },
      { label: 'timeline (another member)', url: timeline, cookie: readerCookie },
      {
        label: 'timeline, next page',
        url: `${timeline}?cursor=${next}`,
        cookie: readerCookie,
      },
      { label: 'timeline (the member)', url: timeline, cookie: memberCookie },
    ],
    RUNS,
  );
  // An award answers 201: timed on its own.
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/points/awards',
      headers: { cookie: adminCookie },
      payload: { user_id: member.id, points: 1, reason: 'Bench' },
    });
    timings.push(performance.now() - start);
    if (response.statusCode !== 201)
      throw new Error(`award: ${response.statusCode} ${response.body}`);
  }
  timings.sort((a, b) => a - b);
  const at = (quantile: number) =>
    (timings[Math.floor(quantile * (timings.length - 1))] ?? 0).toFixed(2);
  console.log(`${'award by hand'.padEnd(32)}${at(0.5).padStart(10)}${at(0.95).padStart(10)}`);
  await app.close();
});
