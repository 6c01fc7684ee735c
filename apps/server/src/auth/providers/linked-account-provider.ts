import type { LinkProvider } from '@guildhall/contract';
import type { OAuthClient } from './oauth-client.js';

/** A social account a member links to its Guildhall account (not a way to sign in). */
export interface LinkedAccountProvider {
  name: LinkProvider;
  oauth: OAuthClient;
  /** The account's login name, as the provider answers it for this access token. */
  fetchLogin(accessToken: string): Promise<string>;
}
