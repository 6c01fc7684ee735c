import type { OwnConnectionsUpdate } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { storeRiotAccounts, type RiotAccountRow } from '../../integrations/riot/riot-accounts.js';
import { findUser } from './find-user.js';
import { gameLoginColumns } from './game-login-columns.js';
import { assertRiotIdsFree } from './riot-id-holders.js';

/** A member's own game logins, and disconnecting its social accounts. */
export async function updateConnections(options: {
  db: Db;
  id: string;
  changes: OwnConnectionsUpdate;
  riotAccounts?: RiotAccountRow[];
}): Promise<UserRow> {
  const { db, id, changes } = options;
  return db.transaction(async (tx) => {
    const member = await findUser(tx, id);
    await assertRiotIdsFree(tx, member, changes.leagueoflegends_login);
    // The Riot IDs' PUUIDs (resolved by the caller); a row without its member is harmless.
    await storeRiotAccounts(tx, options.riotAccounts ?? []);
    const updated = await tx
      .update(users)
      .set({
        ...gameLoginColumns(changes),
        ...(changes.twitter_login === null && { twitterLogin: null }),
        ...(changes.twitch_login === null && { twitchLogin: null }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return theRow(updated);
  });
}
