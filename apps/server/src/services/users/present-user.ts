import type { SessionUser, User } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { memberTeamRoles, summarizeMemberships } from '../teams/member-team-roles.js';
import { countAccessiblePasswords } from '../passwords/count-accessible-passwords.js';
import { abilitiesOf, canOnMember, canSeeMemberName } from '../../policies/abilities.js';
import { managesATeam, teamFactsOf } from '../../policies/relationships.js';
import { preferencesOf } from './save-preferences.js';

/** A member as the API shows it. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    pseudo: row.pseudo,
    name: row.name,
    surname: row.surname,
    birthday: row.birthday,
    email: row.email,
    address: row.address,
    zip_code: row.zipCode,
    town: row.town,
    country: row.country,
    role: row.role,
    team: row.team,
    adhesion: row.adhesion,
    created_at: row.createdAt.toISOString(),
    discord_avatar_url: row.discordAvatarUrl,
    discord_tag: row.discordTag,
    twitter_login: row.twitterLogin,
    twitch_login: row.twitchLogin,
    leagueoflegends_login: row.leagueoflegendsLogin,
    valorant_login: row.valorantLogin,
    fortnite_login: row.fortniteLogin,
    riot_login: row.riotLogin,
    epic_login: row.epicLogin,
  };
}

/** What `presentUserFor` hides, as the API document says it for each call that answers members. */
export const PRESENTED_FOR_RULE =
  "Others' name and surname are null unless the caller is admin or the member chose to show them (`show_real_name`); their email, address, zip code, town and birthday unless the caller is admin.";

/**
 * A member as `viewer` may see it, the one way every answer that names another member goes:
 * others' private fields only with read:member-private:any, their real name only when
 * `canSeeMemberName` says so (null otherwise: the pseudo names the member).
 */
export function presentUserFor(viewer: Pick<UserRow, 'id' | 'role'>, row: UserRow): User {
  const user = presentUser(row);
  const named = canSeeMemberName(viewer, row) ? user : { ...user, name: null, surname: null };
  if (canOnMember(viewer, 'read:member-private', row.id)) return named;
  return { ...named, email: null, address: null, zip_code: null, town: null, birthday: null };
}

/** The signed-in member, with the teams it belongs to and its roles in each, read now. */
export async function presentSessionUser(db: Db, row: UserRow): Promise<SessionUser> {
  const [roles, passwordCount] = await Promise.all([
    memberTeamRoles(db, row.id),
    countAccessiblePasswords({ db, actor: row }),
  ]);
  return {
    ...presentUser(row),
    ...summarizeMemberships(roles),
    password_count: passwordCount,
    abilities: [...abilitiesOf(row, { managesATeam: managesATeam(teamFactsOf(roles)) })],
    preferences: preferencesOf(row),
  };
}
