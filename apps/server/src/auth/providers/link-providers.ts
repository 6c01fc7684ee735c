import type { LinkProvider } from '@guildhall/contract';
import type { Config } from '../../config.js';
import type { OAuthClient } from './oauth-client.js';
import { createTwitchProvider } from './twitch.js';
import { createTwitterProvider } from './twitter.js';

/** A social account a member links to its Guildhall account (not a way to sign in). */
export interface LinkedAccountProvider {
  name: LinkProvider;
  oauth: OAuthClient;
  /** The account's login name, as the provider answers it for this access token. */
  fetchLogin(accessToken: string): Promise<string>;
}

/** The link providers this server has credentials for. */
export function linkProviders(config: Config): LinkedAccountProvider[] {
  const options = { publicUrl: config.publicUrl, timeoutMs: config.oauthTimeoutMs };
  return [
    ...(config.twitch ? [createTwitchProvider(config.twitch, options)] : []),
    ...(config.twitter ? [createTwitterProvider(config.twitter, options)] : []),
  ];
}
