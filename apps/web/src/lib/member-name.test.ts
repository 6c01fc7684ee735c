import { describe, expect, it } from 'vitest';
import { displayName, initials } from './member-name';

describe('displayName', () => {
  it('writes the surname then the name', () => {
    expect(displayName({ pseudo: 'kiwi', surname: 'Ada', name: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('falls back to the pseudo when the member gave no name', () => {
    expect(displayName({ pseudo: 'kiwi', surname: null, name: null })).toBe('kiwi');
  });
});

describe('initials', () => {
  it('takes the first letter of the surname and of the name', () => {
    expect(initials({ pseudo: 'kiwi', surname: 'ada', name: 'Lovelace' })).toBe('AL');
  });

  it('takes the first two letters of the pseudo when a name is missing', () => {
    expect(initials({ pseudo: 'kiwi', surname: 'Ada', name: null })).toBe('KI');
  });
});
