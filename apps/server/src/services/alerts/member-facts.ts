import { isProfileComplete, LOGIN_GAMES } from '@guildhall/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { teamRoleMembers, teamRoles, teams, users, type UserRow } from '../../db/schema.js';
import type { MemberFacts } from './condition-language.js';

const DAY_MS = 86_400_000;

type Membership = { teamName: string; role: string };

function factsOf(member: UserRow, memberships: Membership[], now: number): MemberFacts {
  const logins = {
    leagueoflegends: member.leagueoflegendsLogin,
    valorant: member.valorantLogin,
    fortnite: member.fortniteLogin,
  };
  return {
    role: member.role,
    adhesion: member.adhesion,
    pseudo: member.pseudo,
    country: member.country ?? '',
    town: member.town ?? '',
    member_days: Math.floor((now - member.createdAt.getTime()) / DAY_MS),
    games: LOGIN_GAMES.filter((game) => logins[game].length > 0),
    teams: [...new Set(memberships.map((membership) => membership.teamName))],
    team_roles: [...new Set(memberships.map((membership) => membership.role))],
    twitch_connected: member.twitchLogin !== null,
    twitter_connected: member.twitterLogin !== null,
    profile_complete: isProfileComplete(member),
  };
}

const membershipsQuery = (db: Db) =>
  db
    .select({ userId: teamRoleMembers.userId, teamName: teams.name, role: teamRoles.name })
    .from(teamRoleMembers)
    .innerJoin(teamRoles, eq(teamRoles.id, teamRoleMembers.roleId))
    .innerJoin(teams, eq(teams.id, teamRoles.teamId));

/** Read at every page load (the alerts banner): built once per database. */
const membershipsOfMember = preparedPerDatabase((db) =>
  membershipsQuery(db)
    .where(eq(teamRoleMembers.userId, sql.placeholder('userId')))
    .prepare('memberships_of_member'),
);

/** What the alert conditions can read of one member. */
export async function memberFacts(db: Db, member: UserRow): Promise<MemberFacts> {
  const memberships = await membershipsOfMember(db).execute({ userId: member.id });
  return factsOf(member, memberships, Date.now());
}

/** The facts of every member, for counting whom a condition matches. */
export async function everyMemberFacts(db: Db): Promise<MemberFacts[]> {
  const [members, memberships] = await Promise.all([db.select().from(users), membershipsQuery(db)]);
  const byMember = new Map<string, Membership[]>();
  for (const { userId, ...membership } of memberships) {
    byMember.set(userId, [...(byMember.get(userId) ?? []), membership]);
  }
  const now = Date.now();
  return members.map((member) => factsOf(member, byMember.get(member.id) ?? [], now));
}
