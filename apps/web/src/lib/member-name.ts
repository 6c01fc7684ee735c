import type { User } from '@guildhall/contract';

type NamedMember = Pick<User, 'pseudo' | 'name' | 'surname'>;

/** "Surname Name" as the organisation writes it, or the pseudo when neither is filled in. */
export function displayName(member: NamedMember): string {
  const fullName = [member.surname, member.name].filter(Boolean).join(' ');
  return fullName || member.pseudo;
}

/** Two letters standing for the member when there is no picture. */
export function initials(member: NamedMember): string {
  const first = member.surname?.trim()[0];
  const second = member.name?.trim()[0];
  const letters = first && second ? first + second : member.pseudo.trim().slice(0, 2);
  return letters.toUpperCase();
}
