import type { TeamFields } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { organization, riotAccounts, users } from '../../db/schema.js';
import type { RiotLeagueEntry } from '../../integrations/riot/dto.js';
import { createAlert } from '../alerts/create-alert.js';
import { recordSnapshots } from '../league/snapshots.js';
import { createPassword } from '../passwords/create-password.js';
import { awardBadge } from '../points/award-badge.js';
import { appendLines, type NewLine } from '../points/ledger.js';
import { createMilestone } from '../points/create-milestone.js';
import { organizationDay } from '../organization/time-zone.js';
import { createSeason } from '../points/create-season.js';
import type { Vault } from '../vault/keyring.js';
import { createTeam } from '../teams/create-team.js';
import { pseudoKey } from '../users/pseudo-key.js';
import { SEED_ACTOR } from './seed-actor.js';

type DemoMember = {
  pseudo: string;
  name: string;
  surname: string;
  role: 'user' | 'guest' | 'invited';
  country: string;
  birthday: string;
  town?: string;
  leagueoflegends_login?: string[];
  valorant_login?: string[];
  fortnite_login?: string[];
  twitch_login?: string;
};

/** About thirty members, so that the member list has pages, roles and countries to filter. */
const DEMO_MEMBERS: DemoMember[] = [
  {
    pseudo: 'Kaelith',
    name: 'Martin',
    surname: 'Léa',
    role: 'user',
    country: 'France',
    birthday: '1999-04-12',
    town: 'Paris',
    leagueoflegends_login: ['Kaelith#EUW'],
  },
  {
    pseudo: 'Vortex',
    name: 'Dubois',
    surname: 'Hugo',
    role: 'user',
    country: 'Belgique',
    birthday: '2001-09-03',
    town: 'Liège',
    valorant_login: ['Vortex#0001'],
  },
  {
    pseudo: 'Nyra',
    name: 'Lefèvre',
    surname: 'Inès',
    role: 'user',
    country: 'France',
    birthday: '2000-01-27',
    town: 'Lyon',
    leagueoflegends_login: ['Nyra#EUW', 'NyraSmurf#EUW'],
  },
  {
    pseudo: 'Blitz',
    name: 'Moreau',
    surname: 'Lucas',
    role: 'guest',
    country: 'Suisse',
    birthday: '1998-06-15',
    town: 'Genève',
  },
  {
    pseudo: 'Shiro',
    name: 'Garcia',
    surname: 'Camille',
    role: 'invited',
    country: 'France',
    birthday: '2003-11-30',
  },
  {
    pseudo: 'Orbital',
    name: 'Bernard',
    surname: 'Nathan',
    role: 'user',
    country: 'France',
    birthday: '1997-02-08',
    town: 'Lille',
    fortnite_login: ['OrbitalFN'],
  },
  {
    pseudo: 'Sable',
    name: 'Petit',
    surname: 'Chloé',
    role: 'user',
    country: 'Canada',
    birthday: '2002-05-19',
    town: 'Montréal',
    valorant_login: ['Sable#QC1'],
    twitch_login: 'sable_tv',
  },
  {
    pseudo: 'Mistral',
    name: 'Roux',
    surname: 'Théo',
    role: 'user',
    country: 'France',
    birthday: '1996-12-01',
    town: 'Marseille',
    leagueoflegends_login: ['Mistral#FR1'],
  },
  {
    pseudo: 'Quartz',
    name: 'Fournier',
    surname: 'Manon',
    role: 'guest',
    country: 'France',
    birthday: '2004-03-22',
  },
  {
    pseudo: 'Helix',
    name: 'Girard',
    surname: 'Louis',
    role: 'user',
    country: 'Luxembourg',
    birthday: '1995-07-14',
    fortnite_login: ['HelixBuilds'],
  },
  {
    pseudo: 'Ember',
    name: 'Bonnet',
    surname: 'Jade',
    role: 'user',
    country: 'France',
    birthday: '2001-10-09',
    town: 'Bordeaux',
    leagueoflegends_login: ['Ember#EUW'],
    valorant_login: ['Ember#777'],
  },
  {
    pseudo: 'Nova',
    name: 'Dupont',
    surname: 'Emma',
    role: 'user',
    country: 'Belgique',
    birthday: '2000-08-25',
    town: 'Bruxelles',
  },
  {
    pseudo: 'Kairos',
    name: 'Lambert',
    surname: 'Arthur',
    role: 'invited',
    country: 'France',
    birthday: '2005-04-04',
  },
  {
    pseudo: 'Lynx',
    name: 'Fontaine',
    surname: 'Zoé',
    role: 'user',
    country: 'France',
    birthday: '1999-12-18',
    town: 'Nantes',
    valorant_login: ['Lynx#EUW'],
  },
  {
    pseudo: 'Tempest',
    name: 'Rousseau',
    surname: 'Gabriel',
    role: 'user',
    country: 'Suisse',
    birthday: '1998-02-11',
    town: 'Lausanne',
    leagueoflegends_login: ['Tempest#CH1'],
  },
  {
    pseudo: 'Onyx',
    name: 'Vincent',
    surname: 'Louise',
    role: 'guest',
    country: 'France',
    birthday: '2002-07-07',
  },
  {
    pseudo: 'Pixel',
    name: 'Muller',
    surname: 'Raphaël',
    role: 'user',
    country: 'Allemagne',
    birthday: '2003-01-16',
    town: 'Strasbourg',
    fortnite_login: ['PixelPerfect'],
  },
  {
    pseudo: 'Aurora',
    name: 'Leroy',
    surname: 'Alice',
    role: 'user',
    country: 'France',
    birthday: '1997-09-29',
    town: 'Toulouse',
    twitch_login: 'aurora_plays',
  },
  {
    pseudo: 'Zephyr',
    name: 'Faure',
    surname: 'Jules',
    role: 'user',
    country: 'France',
    birthday: '2000-11-05',
    leagueoflegends_login: ['Zephyr#EUW'],
  },
  {
    pseudo: 'Rune',
    name: 'André',
    surname: 'Lina',
    role: 'invited',
    country: 'Maroc',
    birthday: '2004-06-21',
  },
  {
    pseudo: 'Cobalt',
    name: 'Mercier',
    surname: 'Adam',
    role: 'user',
    country: 'France',
    birthday: '1996-03-03',
    town: 'Rennes',
    valorant_login: ['Cobalt#RNS'],
  },
  {
    pseudo: 'Echo',
    name: 'Blanc',
    surname: 'Rose',
    role: 'guest',
    country: 'Canada',
    birthday: '2001-02-14',
    town: 'Québec',
  },
  {
    pseudo: 'Falcon',
    name: 'Guerin',
    surname: 'Paul',
    role: 'user',
    country: 'France',
    birthday: '1999-05-30',
    town: 'Nice',
    fortnite_login: ['FalconDive'],
  },
  {
    pseudo: 'Iris',
    name: 'Boyer',
    surname: 'Anna',
    role: 'user',
    country: 'Belgique',
    birthday: '2002-10-12',
    leagueoflegends_login: ['Iris#BE1'],
  },
  {
    pseudo: 'Jinx',
    name: 'Chevalier',
    surname: 'Tom',
    role: 'user',
    country: 'France',
    birthday: '2003-08-08',
    town: 'Grenoble',
    leagueoflegends_login: ['JinxMain#EUW'],
  },
  {
    pseudo: 'Kestrel',
    name: 'Francois',
    surname: 'Mila',
    role: 'guest',
    country: 'Suisse',
    birthday: '1998-04-26',
  },
  {
    pseudo: 'Luma',
    name: 'Gauthier',
    surname: 'Eva',
    role: 'user',
    country: 'France',
    birthday: '2000-12-24',
    town: 'Montpellier',
    valorant_login: ['Luma#LUX'],
  },
  {
    pseudo: 'Myst',
    name: 'Perrin',
    surname: 'Noah',
    role: 'invited',
    country: 'Sénégal',
    birthday: '2005-01-09',
  },
  {
    pseudo: 'Nimbus',
    name: 'Robin',
    surname: 'Lou',
    role: 'user',
    country: 'France',
    birthday: '1997-06-02',
    town: 'Dijon',
    fortnite_login: ['NimbusFN'],
  },
  {
    pseudo: 'Oracle',
    name: 'Clément',
    surname: 'Sacha',
    role: 'user',
    country: 'France',
    birthday: '1995-10-17',
    town: 'Reims',
    leagueoflegends_login: ['Oracle#EUW'],
  },
];

/** A League of Legends roster, a Valorant roster and the staff, made of the demo members. */
const DEMO_TEAMS: (Omit<TeamFields, 'roles'> & { roles: { role: string; members: string[] }[] })[] =
  [
    {
      name: 'Guildhall LoL',
      icon: 'swords',
      type: 'esport',
      game: 'leagueoflegends',
      roles: [
        { role: 'Joueurs', members: ['Kaelith', 'Nyra', 'Mistral', 'Zephyr', 'Jinx'] },
        { role: 'Remplaçants', members: ['Iris', 'Oracle'] },
        { role: 'Coachs', members: ['Tempest'] },
        { role: 'Managers', members: ['Ember'] },
      ],
    },
    {
      name: 'Guildhall Valorant',
      icon: 'crosshair',
      type: 'esport',
      game: 'valorant',
      roles: [
        { role: 'Joueurs', members: ['Vortex', 'Sable', 'Lynx', 'Cobalt', 'Luma'] },
        { role: 'Coachs', members: ['Ember'] },
        { role: 'Managers', members: ['Aurora'] },
      ],
    },
    {
      name: 'Bureau',
      icon: 'briefcase',
      type: 'transversal',
      game: null,
      roles: [
        { role: 'Présidence', members: ['Aurora'] },
        { role: 'Trésorerie', members: ['Helix'] },
        { role: 'Communication', members: ['Nova', 'Pixel'] },
      ],
    },
  ];

/** Shared accounts of the rosters and the staff (demo values, not real credentials). */
const DEMO_PASSWORDS = [
  {
    network: 'Riot Games',
    account: 'guildhall.lol.scrims',
    password: 'demo-Scrims-2025!',
    rules: [{ team: 'Guildhall LoL', roles: ['Joueurs', 'Remplaçants', 'Coachs'] }],
  },
  {
    network: 'Riot Games',
    account: 'guildhall.valorant.practice',
    password: 'demo-Practice-2025!',
    rules: [{ team: 'Guildhall Valorant', roles: ['Joueurs', 'Coachs'] }],
  },
  {
    network: 'Twitter',
    account: '@guildhall_esport',
    password: 'demo-Tweets-2025!',
    rules: [{ team: 'Bureau', roles: ['Communication', 'Présidence'] }],
  },
  {
    network: 'Twitch',
    account: 'guildhall',
    password: 'demo-Stream-2025!',
    rules: [
      { team: 'Bureau', roles: ['Communication'] },
      { team: 'Guildhall LoL', roles: ['Managers'] },
    ],
  },
];

/** Alerts for invited members, for guests, and for everyone. */
const DEMO_ALERTS = [
  {
    type: 'warn',
    statut: 'active',
    condition: 'role == "invited"',
    message:
      '<p><strong>Bienvenue !</strong> Complétez votre profil dans <em>Mon compte</em> pour devenir membre de l’association.</p>',
  },
  {
    type: 'infos',
    statut: 'active',
    condition: 'role == "guest"',
    message: '<p>Vous êtes invité : rapprochez-vous du bureau pour rejoindre une équipe.</p>',
  },
  {
    type: 'success',
    statut: 'active',
    condition: 'true',
    message: '<p>La nouvelle saison est lancée : bonne chance à toutes nos équipes !</p>',
  },
] as const;

/** The milestones of the demo season, from a first step to the season's best. */
const DEMO_MILESTONES = [
  { name: 'Bronze', threshold: 100, icon: 'medal', colour: '#b45309' },
  { name: 'Argent', threshold: 250, icon: 'shield', colour: '#64748b' },
  { name: 'Or', threshold: 500, icon: 'crown', colour: '#ca8a04' },
  { name: 'Diamant', threshold: 1000, icon: 'gem', colour: '#0284c7' },
] as const;

/** Why the demo members have points: awards an organisation gives by hand. */
const DEMO_AWARDS = [
  { points: 120, reason: 'Victoire à la coupe régionale' },
  { points: 80, reason: 'Présence à tous les entraînements du mois' },
  { points: 50, reason: 'Aide à l’organisation de la LAN' },
  { points: 30, reason: 'Coaching des nouveaux joueurs' },
  { points: 20, reason: 'Stream de la finale' },
] as const;

/**
 * A season of the current calendar year with its milestones, and points for the members with a
 * role, different for each, so that the ranking card and the leaderboard have a real ranking.
 */
async function seedSeason(
  tx: Db,
  { memberIds, grantedBy }: { memberIds: string[]; grantedBy: string | null },
  now: Date,
): Promise<string> {
  const year = (await organizationDay(tx, now)).slice(0, 4);
  const season = await createSeason({
    db: tx,
    fields: { name: `Saison ${year}`, starts_on: `${year}-01-01`, ends_on: `${year}-12-31` },
    now,
  });
  for (const fields of DEMO_MILESTONES) await createMilestone({ db: tx, fields });
  const lines: NewLine[] = memberIds.flatMap((userId, rank) =>
    // Three by three, the first members get the most awards: from 300 points down to 20.
    DEMO_AWARDS.slice(Math.min(Math.floor(rank / 3), DEMO_AWARDS.length - 1)).map((award) => ({
      userId,
      seasonId: season._id,
      points: award.points,
      source: 'manual' as const,
      reason: award.reason,
      grantedBy,
    })),
  );
  // An hour apart, newest last, so that the ledger and the timeline read as a season's story.
  for (const [index, line] of lines.entries()) {
    await appendLines(tx, [line], new Date(now.getTime() - (lines.length - index) * 3_600_000));
  }
  return season._id;
}

/**
 * The member the screenshots sign in as (apps/web/scripts/screenshots.mjs) stood exactly on a
 * milestone, its ranking ring empty: an award of this week puts it halfway to the next one.
 */
const DEMO_HALFWAY = { pseudo: 'Ember', points: 80, reason: 'Organisation du tournoi interne' };

async function seedHalfway(tx: Db, idOf: Map<string, string>, seasonId: string, now: Date) {
  const userId = idOf.get(DEMO_HALFWAY.pseudo);
  if (!userId) return;
  const { points, reason } = DEMO_HALFWAY;
  await appendLines(tx, [{ userId, seasonId, points, source: 'manual', reason }], now);
}

/** One-off badges for the leading members, given by the president as an admin would. */
const DEMO_BADGES_GIVER = 'Aurora';
const DEMO_BADGES = [
  {
    pseudo: 'Kaelith',
    name: 'MVP de la coupe régionale',
    icon: 'trophy',
    colour: '#ca8a04',
    reason: 'Élue meilleure joueuse de la finale',
  },
  {
    pseudo: 'Kaelith',
    name: 'Capitaine',
    icon: 'star',
    colour: '#6d28d9',
    reason: 'Capitaine de Guildhall LoL',
  },
  {
    pseudo: 'Vortex',
    name: 'Clutch du mois',
    icon: 'flame',
    colour: '#dc2626',
    reason: 'Un 1v4 en demi-finale',
  },
  {
    pseudo: 'Nyra',
    name: 'Mentor',
    icon: 'shield',
    colour: '#0284c7',
    reason: 'Accompagne les nouveaux joueurs',
  },
] as const;

async function seedBadges(tx: Db, idOf: Map<string, string>): Promise<void> {
  const awardedBy = idOf.get(DEMO_BADGES_GIVER);
  for (const { pseudo, ...fields } of DEMO_BADGES) {
    const userId = idOf.get(pseudo);
    if (userId && awardedBy) await awardBadge({ db: tx, userId, awardedBy, fields });
  }
}

/** The League account whose daily snapshots the demo has, and its rank day after day. */
const DEMO_LEAGUE_ACCOUNT = { pseudo: 'Kaelith', gameName: 'Kaelith', tagLine: 'EUW' };
const goldDays = (division: string, leaguePoints: number[]) =>
  leaguePoints.map((points) => ({ tier: 'GOLD', division, leaguePoints: points }));
/**
 * Four weeks of solo/duo ranks, one every day, oldest first: a climb from Gold IV to Gold II with
 * a fall back to Gold III on the way, so that the LP chart has a story and the timeline its rank
 * changes.
 */
const DEMO_LEAGUE_DAYS = [
  ...goldDays('IV', [12, 25, 41, 38, 57, 70, 86]),
  ...goldDays('III', [8, 21, 35, 30, 52, 68, 79, 97]),
  ...goldDays('II', [14, 3]),
  ...goldDays('III', [82, 90]),
  ...goldDays('II', [11, 24, 40, 37, 55, 63, 71, 88]),
];

/**
 * The snapshots the daily job would have written for the demo account (decision 041), through
 * that job's own writer: the rank changes and the League points come as they would.
 */
async function seedLeagueSnapshots(tx: Db, idOf: Map<string, string>, now: Date): Promise<void> {
  const userId = idOf.get(DEMO_LEAGUE_ACCOUNT.pseudo);
  if (!userId) return;
  const { gameName, tagLine } = DEMO_LEAGUE_ACCOUNT;
  const puuid = `demo-puuid-${gameName.toLowerCase()}`;
  await tx.insert(riotAccounts).values({
    riotIdKey: `${gameName}#${tagLine}`.toLowerCase(),
    gameName,
    tagLine,
    puuid,
    resolvedAt: now,
  });
  let wins = 40;
  let losses = 35;
  for (const [index, { tier, division, leaguePoints }] of DEMO_LEAGUE_DAYS.entries()) {
    const at = new Date(now.getTime() - (DEMO_LEAGUE_DAYS.length - 1 - index) * 86_400_000);
    wins += 2;
    losses += index % 3 === 0 ? 2 : 1;
    const entry: RiotLeagueEntry = {
      queueType: 'RANKED_SOLO_5x5',
      tier,
      rank: division,
      leaguePoints,
      wins,
      losses,
    };
    await recordSnapshots(tx, { userId, puuid }, [entry], {
      day: await organizationDay(tx, at),
      now: at,
    });
  }
}

/**
 * Fills an empty local database with a demo organisation and a few members, so that a first
 * `npm start` shows a living portal. Does nothing once the organisation exists.
 * The demo members are not admins: the first person to sign in still becomes the admin.
 */
export async function seedDemo(db: Db, vault: Vault): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(organization)
      .values({
        id: 1,
        name: 'Guildhall Esport',
        email: 'contact@guildhall.example',
        primaryColor: '#6d28d9',
        secondaryColor: '#0f172a',
        backgroundColor: '#f5f3ff',
        website: 'https://guildhall.example',
        twitch: 'https://www.twitch.tv/guildhall',
        twitter: 'https://x.com/guildhall',
        instagram: '',
        facebook: '',
      })
      .onConflictDoNothing()
      .returning({ id: organization.id });
    if (inserted.length === 0) return false;

    const now = Date.now();
    const seeded = await tx
      .insert(users)
      .values(
        DEMO_MEMBERS.map(
          (
            { twitch_login, leagueoflegends_login, valorant_login, fortnite_login, ...member },
            index,
          ) => ({
            id: newId(),
            ...member,
            pseudoKey: pseudoKey(member.pseudo),
            twitchLogin: twitch_login ?? null,
            leagueoflegendsLogin: leagueoflegends_login ?? [],
            valorantLogin: valorant_login ?? [],
            fortniteLogin: fortnite_login ?? [],
            email: `${member.pseudo.toLowerCase()}@guildhall.example`,
            adhesion: member.role !== 'invited',
            // Spread the join dates so that "newest members" has an order.
            createdAt: new Date(now - (DEMO_MEMBERS.length - index) * 86_400_000),
          }),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, pseudo: users.pseudo });
    const idOf = new Map(seeded.map((member) => [member.pseudo, member.id]));
    const teamIdOf = new Map<string, string>();
    for (const team of DEMO_TEAMS) {
      teamIdOf.set(
        team.name,
        await createTeam({
          db: tx,
          fields: {
            ...team,
            roles: team.roles.map(({ role, members }) => ({
              _id: undefined,
              role,
              members: members.flatMap((pseudo) => idOf.get(pseudo) ?? []),
            })),
          },
        }),
      );
    }
    for (const { rules, ...entry } of DEMO_PASSWORDS) {
      await createPassword({
        db: tx,
        vault,
        actor: SEED_ACTOR,
        fields: {
          ...entry,
          accessRules: rules.map(({ team, roles }) => ({
            teamId: teamIdOf.get(team) ?? '',
            roles,
          })),
        },
      });
    }
    for (const alert of DEMO_ALERTS) await createAlert({ db: tx, fields: alert });
    const ranked = DEMO_MEMBERS.filter((member) => member.role === 'user');
    const seasonId = await seedSeason(
      tx,
      {
        memberIds: ranked.flatMap((member) => idOf.get(member.pseudo) ?? []),
        // The ledger's "granted by": the president, who gives the badges too.
        grantedBy: idOf.get(DEMO_BADGES_GIVER) ?? null,
      },
      new Date(now),
    );
    await seedHalfway(tx, idOf, seasonId, new Date(now));
    await seedBadges(tx, idOf);
    await seedLeagueSnapshots(tx, idOf, new Date(now));
    return true;
  });
}
