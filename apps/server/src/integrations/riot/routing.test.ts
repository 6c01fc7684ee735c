import { describe, expect, it } from 'vitest';
import { RIOT_PLATFORMS } from '@guildhall/contract';
import { PLATFORM_REGIONS, accountRegion, riotRoutes } from './routing.js';

describe('Riot routing', () => {
  it.each([
    ['europe', ['euw1', 'eun1', 'tr1', 'ru', 'me1']],
    ['americas', ['na1', 'br1', 'la1', 'la2']],
    ['asia', ['kr', 'jp1']],
    ['sea', ['oc1', 'ph2', 'sg2', 'th2', 'tw2', 'vn2']],
  ] as const)('sends the matches of %s platforms there', (region, platforms) => {
    for (const platform of platforms) expect(PLATFORM_REGIONS[platform]).toBe(region);
  });

  it('knows a region for every platform', () => {
    for (const platform of RIOT_PLATFORMS) expect(PLATFORM_REGIONS[platform]).toBeDefined();
  });

  it('asks accounts of sea platforms to asia: account-v1 has no sea cluster', () => {
    expect(accountRegion('oc1')).toBe('asia');
    expect(accountRegion('euw1')).toBe('europe');
    expect(riotRoutes({ platform: 'vn2' })).toEqual({
      platform: { name: 'vn2', baseUrl: 'https://vn2.api.riotgames.com' },
      match: { name: 'sea', baseUrl: 'https://sea.api.riotgames.com' },
      account: { name: 'asia', baseUrl: 'https://asia.api.riotgames.com' },
    });
  });

  it('uses the configured hosts instead of Riot’s', () => {
    const routes = riotRoutes({
      platform: 'na1',
      platformUrl: 'http://127.0.0.1:1/platform',
      regionalUrl: 'http://127.0.0.1:1/regional',
    });
    expect(routes.platform).toEqual({ name: 'na1', baseUrl: 'http://127.0.0.1:1/platform' });
    expect(routes.match).toEqual({ name: 'americas', baseUrl: 'http://127.0.0.1:1/regional' });
    expect(routes.account.baseUrl).toBe('http://127.0.0.1:1/regional');
  });
});
