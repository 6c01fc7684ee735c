import type { UserRow } from '../db/schema.js';

/*
 * Who may reveal which entry is part of the vault's queries (services/vault/entries.ts): a row
 * the caller may not access is not found. What remains here is who manages the vault.
 */

/** Creating, editing and deleting entries, reading audit trails and exposures. */
export const canManageVault = (viewer: Pick<UserRow, 'role'>): boolean => viewer.role === 'admin';
