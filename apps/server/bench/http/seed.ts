import { ALERT_TYPES, TEAM_GAMES } from '@guildhall/contract';
import { asc, eq } from 'drizzle-orm';
import { createSession, SESSION_COOKIE, type SessionLifetimes } from '../../src/auth/sessions.js';
import type { Db } from '../../src/db/client.js';
import { newId } from '../../src/db/ids.js';
import { users } from '../../src/db/schema.js';
import { createAlert } from '../../src/services/alerts/create-alert.js';
import { ensureOrganization } from '../../src/services/organization/ensure-organization.js';
import { createTeam } from '../../src/services/teams/create-team.js';
import { createPassword } from '../../src/services/passwords/create-password.js';
import { SEED_ACTOR } from '../../src/services/seed/seed-actor.js';
import { unlockVault } from '../../src/services/vault/keyring.js';
import { pseudoKey } from '../../src/services/users/pseudo-key.js';
import { seedMembers } from '../seed-members.js';

export const SEEDED = { members: 1_000, teams: 50, passwords: 200, alerts: 20 };

const ROLES = ['Joueurs', 'Remplaçants', 'Coachs', 'Managers'];
const MEMBERS_PER_ROLE = 4;
/** The admin is a manager of the first teams, so that its own memberships are not empty. */
const ADMIN_TEAMS = 5;

const ALERT_CONDITIONS = [
  'true',
  'role == "guest"',
  'role == "invited"',
  'not adhesion',
  'role in ("user", "admin") and country == "France"',
  '"valorant" in games',
  'member_days < 30',
  '"Coachs" in team_roles or "Team 03" in teams',
  '"Managers" in team_roles',
  'not twitch_connected',
];

/** The element at `index`, going round the list as often as needed. */
function cycle<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('cycle over an empty list');
  return item;
}

/**
 * Fills an empty, migrated database as the bench needs it, through the services the API uses:
 * members, teams with roles and members, vault entries with access rules, alerts, and a signed-in
 * admin. Answers the admin's Cookie header.
 */
export async function seedBenchData(
  db: Db,
  options: { vaultKey: Buffer; session: SessionLifetimes },
): Promise<string> {
  await ensureOrganization({ db });
  const vault = await unlockVault(db, options.vaultKey);
  await seedMembers(db, SEEDED.members);
  const [admin] = await db
    .insert(users)
    .values({
      id: newId(),
      pseudo: 'bench-admin',
      pseudoKey: pseudoKey('bench-admin'),
      role: 'admin',
      adhesion: true,
    })
    .returning();
  if (!admin) throw new Error('the admin was not inserted');
  const memberIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'user'))
      .orderBy(asc(users.id))
  ).map((row) => row.id);

  const teamIds: string[] = [];
  for (let team = 0; team < SEEDED.teams; team++) {
    const esport = team % 5 !== 0;
    teamIds.push(
      await createTeam({
        db,
        fields: {
          name: `Team ${String(team).padStart(2, '0')}`,
          icon: esport ? 'swords' : 'briefcase',
          type: esport ? 'esport' : 'transversal',
          game: esport ? cycle(TEAM_GAMES, team) : null,
          roles: ROLES.map((role, roleIndex) => ({
            _id: undefined,
            role,
            members: [
              ...Array.from({ length: MEMBERS_PER_ROLE }, (_, slot) => {
                const at = (team * ROLES.length + roleIndex) * MEMBERS_PER_ROLE + slot;
                return cycle(memberIds, at);
              }),
              ...(role === 'Managers' && team < ADMIN_TEAMS ? [admin.id] : []),
            ],
          })),
        },
      }),
    );
  }

  for (let entry = 0; entry < SEEDED.passwords; entry++) {
    await createPassword({
      db,
      vault,
      actor: SEED_ACTOR,
      fields: {
        network: cycle(['Riot Games', 'Twitch', 'Twitter', 'Discord'], entry),
        account: `account-${String(entry).padStart(3, '0')}`,
        password: `bench-password-${entry}`,
        accessRules: [
          { teamId: cycle(teamIds, entry), roles: ['Joueurs', 'Coachs'] },
          { teamId: cycle(teamIds, entry + 7), roles: ['Managers'] },
        ],
      },
    });
  }

  for (let alert = 0; alert < SEEDED.alerts; alert++) {
    await createAlert({
      db: db,
      fields: {
        type: cycle(ALERT_TYPES, alert),
        // One alert in four is switched off, as an organisation keeps old ones around.
        statut: alert % 4 === 3 ? 'inactive' : 'active',
        condition: cycle(ALERT_CONDITIONS, alert),
        message: `<p>Alert <strong>${alert}</strong>: read the <em>rules</em> of the season.</p>`,
      },
    });
  }

  const { token } = await createSession(db, admin.id, options.session);
  return `${SESSION_COOKIE}=${token}`;
}
