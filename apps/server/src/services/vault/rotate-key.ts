import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordWebhooks, passwordEntries } from '../../db/schema.js';
import { tokenBinding } from './bindings.js';
import { open, seal } from './crypto.js';
import { VaultKeyError, recordKeyVersion, unlockVault } from './keyring.js';

/**
 * Re-encrypts every entry, and every Discord webhook's token, under `newKey` in one transaction
 * and records the new key version. The old key is needed only for this: afterwards the server
 * starts with the new one.
 */
export async function rotateVaultKey({
  db,
  oldKey,
  newKey,
}: {
  db: Db;
  oldKey: Buffer;
  newKey: Buffer;
}): Promise<{ version: number; entries: number; webhooks: number }> {
  if (oldKey.equals(newKey)) throw new VaultKeyError('The new key is the current key');
  const current = await unlockVault(db, oldKey);
  const version = current.version + 1;
  return db.transaction(async (tx) => {
    // Writers check the key version under a share lock: none seals with the old key meanwhile.
    await tx.execute(sql`lock table vault_keys in exclusive mode`);
    const rows = await tx.select().from(passwordEntries).for('update');
    for (const row of rows) {
      if (row.keyVersion !== current.version) {
        throw new VaultKeyError(
          `Entry ${row.id} is sealed with key version ${row.keyVersion}, not ${current.version}`,
        );
      }
      const plaintext = open(oldKey, row.sealed, row.id);
      await tx
        .update(passwordEntries)
        .set({ sealed: seal(newKey, plaintext, row.id), keyVersion: version })
        .where(eq(passwordEntries.id, row.id));
    }
    const webhooks = await tx.select().from(discordWebhooks).for('update');
    for (const webhook of webhooks) {
      if (webhook.keyVersion !== current.version) {
        throw new VaultKeyError(
          `Discord webhook ${webhook.id} is sealed with key version ${webhook.keyVersion}, not ${current.version}`,
        );
      }
      const binding = tokenBinding(webhook.id);
      const token = open(oldKey, webhook.sealedToken, binding);
      await tx
        .update(discordWebhooks)
        .set({ sealedToken: seal(newKey, token, binding), keyVersion: version })
        .where(eq(discordWebhooks.id, webhook.id));
    }
    await recordKeyVersion(tx, newKey, version);
    return { version, entries: rows.length, webhooks: webhooks.length };
  });
}
