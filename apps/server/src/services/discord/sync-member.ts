import type { DiscordSyncReport } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { GuildClient } from '../../integrations/discord/guild-client.js';
import { conflict } from '../../lib/http-error.js';
import { syncOne } from './sync.js';

/** Re-reads one member from the guild now ("sync now" on the member). */
export async function syncMember({
  db,
  guild,
  member,
}: {
  db: Db;
  guild: GuildClient;
  member: Pick<UserRow, 'id' | 'discordId'>;
}): Promise<DiscordSyncReport> {
  if (!member.discordId) {
    throw conflict('member_not_on_discord', 'This member has no linked Discord account');
  }
  const inGuild = await guild.member(member.discordId);
  const changed = await syncOne(db, member.id, inGuild);
  return {
    checked: 1,
    changed: changed && inGuild ? 1 : 0,
    left: changed && !inGuild ? 1 : 0,
  };
}
