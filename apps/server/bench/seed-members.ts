import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { teamNameKey } from '../src/services/teams/team-name-key.js';
import { pseudoKey } from '../src/services/users/pseudo-key.js';

/**
 * Inserts `count` members in one statement (pseudos player1, player2...), with names, roles,
 * birthdays and join dates spread so that every sort and filter of the member list has work.
 */
export async function seedMembers(db: Db, count: number): Promise<void> {
  // The canonical forms are the server's to compute (pseudo-key.ts), not SQL's.
  const keys = Array.from({ length: count }, (_, index) => pseudoKey(`player${index + 1}`));
  await db.execute(sql`
    insert into users (id, pseudo, pseudo_key, name, surname, role, birthday, created_at)
    select substr(md5(i::text), 1, 24),
           'player' || i,
           key,
           'Name' || (i % 997),
           'Surname' || (i % 991),
           (array['user', 'user', 'user', 'guest', 'invited'])[1 + i % 5],
           date '1980-01-01' + (i % 9000)::int,
           now() - (i || ' minutes')::interval
    from unnest(${sql.param(keys)}::text[]) with ordinality as keys(key, i)`);
  await db.execute(sql`analyze users`);
}

/**
 * Spreads the seeded members over `teamCount` teams of two roles each: half of them hold one role,
 * a fifth a second one in another team, so that the member list names teams on every page.
 */
export async function seedTeamMemberships(db: Db, teamCount = 50): Promise<void> {
  // The name keys are the server's to compute (team-name-key.ts), not SQL's.
  const teams = Array.from({ length: teamCount }, (_, index) => {
    const name = `Team ${index + 1}`;
    return { name, key: teamNameKey(name), i: index + 1 };
  });
  await db.execute(sql`
    insert into teams (id, name, name_key, icon, type, game)
    select substr(md5('team' || t.i), 1, 24), t.name, t.key, 'trophy', 'transversal', null
    from jsonb_to_recordset(${JSON.stringify(teams)}::jsonb) as t(name text, key text, i int)`);
  await db.execute(sql`
    insert into team_roles (id, team_id, name, position)
    select substr(md5('role' || t || '-' || r), 1, 24), substr(md5('team' || t), 1, 24), 'Role ' || r, r
    from generate_series(1, ${teamCount}) as t, generate_series(0, 1) as r`);
  await db.execute(sql`
    insert into team_role_members (role_id, user_id, position)
    select substr(md5('role' || (1 + n % ${teamCount}) || '-' || (n % 2)), 1, 24), id, n
    from (select id, row_number() over (order by id) as n from users) as members
    where n % 2 = 0
    union all
    select substr(md5('role' || (1 + (n + 7) % ${teamCount}) || '-' || ((n + 1) % 2)), 1, 24), id, n
    from (select id, row_number() over (order by id) as n from users) as members
    where n % 5 = 0 and (n + 7) % ${teamCount} <> n % ${teamCount}`);
  for (const table of ['teams', 'team_roles', 'team_role_members']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}
