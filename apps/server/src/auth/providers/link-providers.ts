import type { Config } from '../../config.js';
import type { LinkedAccountProvider } from './linked-account-provider.js';
import { createTwitchProvider } from './twitch.js';
import { createTwitterProvider } from './twitter.js';

/** The link providers this server has credentials for. */
export function linkProviders(config: Config): LinkedAccountProvider[] {
  const options = { publicUrl: config.publicUrl, timeoutMs: config.oauthTimeoutMs };
  return [
    ...(config.twitch ? [createTwitchProvider(config.twitch, options)] : []),
    ...(config.twitter ? [createTwitterProvider(config.twitter, options)] : []),
  ];
}
