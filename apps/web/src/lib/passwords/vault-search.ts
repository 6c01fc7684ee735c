import type { MemberPasswordEntry } from '@guildhall/contract';

/** Text as the vault compares it: without accents, case or extra spaces. */
export function vaultKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The entries whose network or account holds what was typed (all of them for nothing typed). */
export function searchVault<Entry extends Pick<MemberPasswordEntry, 'network' | 'account'>>(
  entries: readonly Entry[],
  query: string,
): Entry[] {
  const wanted = vaultKey(query);
  if (wanted === '') return [...entries];
  return entries.filter(
    (entry) => vaultKey(entry.network).includes(wanted) || vaultKey(entry.account).includes(wanted),
  );
}

/** Another entry for the same network and account, written differently or not: a duplicate. */
export function findDuplicateEntry<
  Entry extends Pick<MemberPasswordEntry, '_id' | 'network' | 'account'>,
>(
  entries: readonly Entry[],
  {
    network,
    account,
    exceptId,
  }: { network: string; account: string; exceptId?: string | undefined },
): Entry | undefined {
  if (vaultKey(network) === '' || vaultKey(account) === '') return undefined;
  return entries.find(
    (entry) =>
      entry._id !== exceptId &&
      vaultKey(entry.network) === vaultKey(network) &&
      vaultKey(entry.account) === vaultKey(account),
  );
}
