// Member list on 100,000 members in PostgreSQL: p50 and p95 of the first page, the last page, a
// search and a role filter, members in teams (each page names them), and the CSV export. Prints
// figures, asserts nothing.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:users -w @guildhall/server
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
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

  const lastPage = Math.ceil(MEMBERS / 10);
  const cases: [string, string][] = [
    ['first page', '/api/users?page=1'],
    ['last page', `/api/users?page=${lastPage}`],
    ['middle page', `/api/users?page=${Math.floor(lastPage / 2)}`],
    ['last page, newest first', `/api/users?page=${lastPage}&sort=-created_at`],
    ['search "layer12"', '/api/users?q=layer12'],
    ['role filter guest', '/api/users?role=guest'],
    ['role filter guest, last page', `/api/users?role=guest&page=${Math.ceil(MEMBERS / 50)}`],
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
