import { GAME_LOGIN_MAX_LENGTH, GAME_LOGINS_PER_GAME } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { checkNewLogin } from './game-logins';

describe('checkNewLogin', () => {
  it('accepts a login, trimmed', () => {
    expect(checkNewLogin('valorant', '  Owl#EUW ', [])).toEqual({ login: 'Owl#EUW' });
  });

  it('refuses an empty login', () => {
    expect(checkNewLogin('fortnite', '   ', [])).toEqual({ problem: 'empty' });
  });

  it('refuses a login that is too long', () => {
    const long = 'x'.repeat(GAME_LOGIN_MAX_LENGTH + 1);
    expect(checkNewLogin('fortnite', long, [])).toEqual({ problem: 'too_long' });
  });

  it('asks League of Legends for a Riot ID', () => {
    expect(checkNewLogin('leagueoflegends', 'Hiboux', [])).toEqual({ problem: 'not_riot_id' });
    expect(checkNewLogin('leagueoflegends', 'Hi#EUW', [])).toEqual({ problem: 'not_riot_id' });
    expect(checkNewLogin('leagueoflegends', 'Hiboux#EUW1', [])).toEqual({ login: 'Hiboux#EUW1' });
    // Other games take any name.
    expect(checkNewLogin('valorant', 'Hiboux', [])).toEqual({ login: 'Hiboux' });
  });

  it('refuses the same login twice, whatever the case', () => {
    expect(checkNewLogin('valorant', 'HIBOUX', ['hiboux'])).toEqual({ problem: 'duplicate' });
  });

  it('refuses one login too many for a game', () => {
    const full = Array.from({ length: GAME_LOGINS_PER_GAME }, (_, index) => `owl${index}`);
    expect(checkNewLogin('fortnite', 'one-more', full)).toEqual({ problem: 'too_many' });
  });
});
