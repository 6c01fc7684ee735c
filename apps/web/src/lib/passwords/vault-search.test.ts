import { describe, expect, it } from 'vitest';
import { findDuplicateEntry, searchVault } from './vault-search';

const entries = [
  { _id: '1', network: 'Twitch', account: 'hiboux_esport' },
  { _id: '2', network: 'Riot Games', account: 'Hiboux Équipe' },
  { _id: '3', network: 'Discord', account: 'bot@hiboux.example' },
];

describe('the vault search', () => {
  it('finds entries by a part of their network or account, ignoring case and accents', () => {
    expect(searchVault(entries, 'RIOT').map((entry) => entry._id)).toEqual(['2']);
    expect(searchVault(entries, 'equipe').map((entry) => entry._id)).toEqual(['2']);
    expect(searchVault(entries, 'hiboux').map((entry) => entry._id)).toEqual(['1', '2', '3']);
    expect(searchVault(entries, '  ')).toHaveLength(3);
    expect(searchVault(entries, 'valorant')).toEqual([]);
  });

  it('calls an entry for the same network and account, written differently, a duplicate', () => {
    expect(
      findDuplicateEntry(entries, { network: ' riot  games', account: 'HIBOUX EQUIPE' })?._id,
    ).toBe('2');
    // The entry being edited is not its own duplicate.
    expect(
      findDuplicateEntry(entries, { network: 'Twitch', account: 'hiboux_esport', exceptId: '1' }),
    ).toBeUndefined();
    expect(findDuplicateEntry(entries, { network: 'Twitch', account: 'other' })).toBeUndefined();
    expect(findDuplicateEntry(entries, { network: '', account: '' })).toBeUndefined();
  });
});
