import { RIOT_PLATFORMS, type RiotPlatform } from '@guildhall/contract';

/**
 * Riot routes calls by host: a platform (euw1, na1...) serves league-v4, a regional cluster
 * (europe, americas, asia, sea) serves match-v5, and account-v1 lives on every cluster but sea.
 */
export type RiotRegion = 'americas' | 'asia' | 'europe' | 'sea';

/** The regional cluster that holds a platform's matches (Riot's routing values). */
export const PLATFORM_REGIONS: Record<RiotPlatform, RiotRegion> = {
  euw1: 'europe',
  eun1: 'europe',
  tr1: 'europe',
  ru: 'europe',
  me1: 'europe',
  na1: 'americas',
  br1: 'americas',
  la1: 'americas',
  la2: 'americas',
  kr: 'asia',
  jp1: 'asia',
  oc1: 'sea',
  ph2: 'sea',
  sg2: 'sea',
  th2: 'sea',
  tw2: 'sea',
  vn2: 'sea',
};

/** account-v1 answers for any player on americas, asia and europe; it has no sea cluster. */
export function accountRegion(platform: RiotPlatform): Exclude<RiotRegion, 'sea'> {
  const region = PLATFORM_REGIONS[platform];
  return region === 'sea' ? 'asia' : region;
}

export function isRiotPlatform(value: string): value is RiotPlatform {
  return (RIOT_PLATFORMS as readonly string[]).includes(value);
}

/** Which host a call goes to. */
export type RiotHost = 'platform' | 'match' | 'account';

export interface RiotRoute {
  /** The routing value: the rate limits of a key apply per routing value. */
  name: string;
  baseUrl: string;
}

/** The three hosts of a platform; RIOT_PLATFORM_URL and RIOT_REGIONAL_URL replace the real ones. */
export function riotRoutes(options: {
  platform: RiotPlatform;
  platformUrl?: string | undefined;
  regionalUrl?: string | undefined;
}): Record<RiotHost, RiotRoute> {
  const { platform, platformUrl, regionalUrl } = options;
  const region = PLATFORM_REGIONS[platform];
  const accounts = accountRegion(platform);
  const host = (name: string) => `https://${name}.api.riotgames.com`;
  return {
    platform: { name: platform, baseUrl: platformUrl ?? host(platform) },
    match: { name: region, baseUrl: regionalUrl ?? host(region) },
    account: { name: accounts, baseUrl: regionalUrl ?? host(accounts) },
  };
}
