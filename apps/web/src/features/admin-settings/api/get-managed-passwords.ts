import { type PasswordEntry, type PasswordList, passwordEntriesSchema } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { passwordsQuery } from '@/lib/passwords/get-passwords';

/**
 * The list as an admin gets it; a list without access rules is an error, not an empty table.
 * Kept out of lib/passwords, so that the members' vault loads no zod (decision 045).
 */
const withAccessRules = (entries: PasswordList): PasswordEntry[] =>
  passwordEntriesSchema.parse(entries);

/** The admin's Passwords tab: the same list (one cache for both screens), with access rules. */
export function useManagedPasswords() {
  return useQuery({ ...passwordsQuery, select: withAccessRules });
}
