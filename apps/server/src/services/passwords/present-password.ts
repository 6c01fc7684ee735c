import type { AccessRule, MemberPasswordEntry, PasswordEntry } from '@guildhall/contract';
import type { PasswordEntryRow } from '../../db/schema.js';

export type ListedPassword = Pick<
  PasswordEntryRow,
  'id' | 'network' | 'account' | 'updatedAt' | 'passwordChangedAt'
>;

/** What a member sees of an entry. */
export function presentPasswordToMember(row: ListedPassword): MemberPasswordEntry {
  return {
    _id: row.id,
    network: row.network,
    account: row.account,
    updated_at: row.updatedAt.toISOString(),
    password_changed_at: row.passwordChangedAt.toISOString(),
  };
}

/** What an admin sees of an entry: its access rules too. */
export function presentPassword(row: ListedPassword, rules: AccessRule[]): PasswordEntry {
  return { ...presentPasswordToMember(row), accessRules: rules };
}
