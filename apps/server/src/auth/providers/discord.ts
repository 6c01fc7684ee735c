import { z } from 'zod';
import type { DiscordConfig } from '../../config.js';
import { discordAvatarUrl, discordTag } from '../../integrations/discord/account-names.js';
import { OAuthClient, ProviderError } from './oauth-client.js';

const discordUserSchema = z.object({
  id: z.string().regex(/^\d+$/),
  username: z.string(),
  discriminator: z.string().optional(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
});

const guildMemberSchema = z.object({ roles: z.array(z.string().regex(/^\d+$/)) });

export interface DiscordProfile {
  discordId: string;
  discordTag: string;
  avatarUrl: string | null;
  email: string | null;
  displayName: string;
}

export interface DiscordProvider {
  oauth: OAuthClient;
  fetchProfile(accessToken: string): Promise<DiscordProfile>;
  /**
   * The member's roles in the configured Discord server, or null when it is not in it (without
   * a configured server: no roles).
   */
  guildMember(accessToken: string): Promise<{ roleIds: string[] } | null>;
}

export function createDiscordProvider(
  config: DiscordConfig,
  options: { publicUrl: URL; timeoutMs: number },
): DiscordProvider {
  const scopes = ['identify', 'email', ...(config.guildId ? ['guilds.members.read'] : [])];
  const oauth = new OAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: new URL('/auth/discord/callback', options.publicUrl).toString(),
    authorizeUrl: config.authorizeUrl,
    tokenUrl: config.tokenUrl,
    scopes,
    timeoutMs: options.timeoutMs,
  });

  const get = async (path: string, accessToken: string): Promise<Response> => {
    try {
      return await fetch(`${config.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Discord did not answer ${path}`, { cause: error });
    }
  };

  return {
    oauth,
    async fetchProfile(accessToken) {
      const response = await get('/users/@me', accessToken);
      if (!response.ok)
        throw new ProviderError(`Discord answered ${response.status} to /users/@me`);
      const parsed = discordUserSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ProviderError('Discord sent a user this server cannot read');
      const user = parsed.data;
      return {
        discordId: user.id,
        discordTag: discordTag(user),
        avatarUrl: discordAvatarUrl(user),
        // An address Discord has not verified proves nothing about the member.
        email: user.email && user.verified !== false ? user.email : null,
        displayName: user.global_name || user.username,
      };
    },
    async guildMember(accessToken) {
      if (!config.guildId) return { roleIds: [] };
      const response = await get(`/users/@me/guilds/${config.guildId}/member`, accessToken);
      // Discord answers 404 (Unknown Guild / Unknown Member) to a member of other servers only.
      if (response.status === 404) return null;
      if (!response.ok) {
        throw new ProviderError(`Discord answered ${response.status} to the membership check`);
      }
      const parsed = guildMemberSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new ProviderError('Discord sent a membership this server cannot read');
      return { roleIds: parsed.data.roles };
    },
  };
}
