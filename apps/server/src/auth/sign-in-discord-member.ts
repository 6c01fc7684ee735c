import type { DiscordConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { applyDiscordRoles } from '../services/discord/membership.js';
import type { DiscordProfile } from './providers/discord.js';
import { provisionMember } from './provision-member.js';
import { createSession, type SessionLifetimes } from './sessions.js';

/**
 * A Discord sign-in's writes, all or nothing: the member (made on its first sign-in), the grants
 * of its Discord roles when a guild is configured, and its new session.
 */
export async function signInDiscordMember({
  db,
  discord,
  session,
  profile,
  guildRoleIds,
}: {
  db: Db;
  discord: DiscordConfig;
  session: SessionLifetimes;
  profile: DiscordProfile;
  guildRoleIds: readonly string[];
}): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const member = await provisionMember(tx, {
      kind: 'discord',
      discordId: profile.discordId,
      discordTag: profile.discordTag,
      avatarUrl: profile.avatarUrl,
      email: profile.email,
      preferredPseudo: profile.displayName,
      designatedAdmin: discord.adminDiscordIds.includes(profile.discordId),
      adminsAreDesignated: discord.adminDiscordIds.length > 0,
    });
    if (discord.guildId) await applyDiscordRoles(tx, member, guildRoleIds);
    return createSession(tx, member.id, session);
  });
}
