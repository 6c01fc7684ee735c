// Member list on 100,000 members in PostgreSQL: p50 and p95 of the first page, the middle and
// last pages (by cursor, decision 061, each with the filter's total), a search and a role filter, members in teams (each page names them), and the CSV export. Prints
// figures, asserts nothing.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:users -w @guildhall/server
import { performance } from 'node:perf_hooks';
import { DEFAULT_USER_PAGE_SIZE, encodeCursor } from '@guildhall/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { sessionCookieFor } from '../test/helpers/factories.js';
import { benchApp, printLatencies, withFreshPostgres } from './in-process.js';
import { seedMembers, seedTeamMemberships } from './seed-members.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

await withFreshPostgres(async (database) => {
  const started = performance.now();
  await seedMembers(database.db, MEMBERS);
  await seedTeamMemberships(database.db);
  console.log(
    `seeded ${MEMBERS} members in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const { app, config } = await benchApp(database);
  const [someone] = await database.db.select().from(users).limit(1);
  if (!someone) throw new Error('no member');
  await database.db.execute(sql`update users set role = 'admin' where id = ${someone.id}`);
  const cookie = await sessionCookieFor(database.db, config, { ...someone, role: 'admin' });

  /** The cursor of the page after the member at `offset` of a sort, as the list hands it out. */
  const cursorAt = async (
    sort: 'pseudo' | '-created_at',
    offset: number,
    role?: 'guest',
  ): Promise<string> => {
    const key =
      sort === 'pseudo'
        ? sql<string>`lower(${users.pseudo})`
        : sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    const [row] = await database.db
      .select({ key, id: users.id })
      .from(users)
      .where(role ? eq(users.role, role) : undefined)
      .orderBy(
        ...(sort === 'pseudo'
          ? [sql`lower(${users.pseudo})`, users.id]
          : [desc(users.createdAt), desc(users.id)]),
      )
      .offset(offset)
      .limit(1);
    if (!row) throw new Error(`no member at ${offset}`);
    return encodeCursor([sort, row.key, row.id]);
  };
  const page = DEFAULT_USER_PAGE_SIZE;
  const guests = Math.floor(MEMBERS / 5);
  const cases: [string, string][] = [
    ['first page', '/api/users'],
    ['last page', `/api/users?cursor=${await cursorAt('pseudo', MEMBERS - page - 1)}`],
    ['middle page', `/api/users?cursor=${await cursorAt('pseudo', Math.floor(MEMBERS / 2))}`],
    [
      'last page, newest first',
      `/api/users?sort=-created_at&cursor=${await cursorAt('-created_at', MEMBERS - page - 1)}`,
    ],
    ['search "layer12"', '/api/users?q=layer12'],
    ['role filter guest', '/api/users?role=guest'],
    [
      'role filter guest, a later page',
      `/api/users?role=guest&cursor=${await cursorAt('pseudo', Math.floor(guests / 2), 'guest')}`,
    ],
  ];
  await printLatencies(
    app,
    cases.map(([label, url]) => ({ label, url, cookie })),
    RUNS,
  );
  // The CSV export reads the members a page at a time and streams them (decision 035).
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/export.csv',
      headers: { cookie },
    });
    if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode}`);
    const megabytes = (response.rawPayload.length / 1024 / 1024).toFixed(1);
    console.log(`export.csv: ${(performance.now() - start).toFixed(0)} ms, ${megabytes} MB`);
  }
  await app.close();
});
