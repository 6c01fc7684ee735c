import type { MemberEdit } from '@guildhall/contract';

/** The game login lists a body carries, as columns (a list left out stays as it is). */
export function gameLoginColumns(
  fields: Partial<Pick<MemberEdit, 'leagueoflegends_login' | 'valorant_login' | 'fortnite_login'>>,
) {
  return {
    ...(fields.leagueoflegends_login && { leagueoflegendsLogin: fields.leagueoflegends_login }),
    ...(fields.valorant_login && { valorantLogin: fields.valorant_login }),
    ...(fields.fortnite_login && { fortniteLogin: fields.fortnite_login }),
  };
}
