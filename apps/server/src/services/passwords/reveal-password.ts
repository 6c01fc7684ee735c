import type { Db } from '../../db/client.js';
import { findAccessiblePassword, type PasswordActor } from './access.js';
import { recordPasswordEvent } from './audit-trail.js';
import { open } from '../vault/crypto.js';
import type { Vault } from '../vault/keyring.js';

/** The password, with an audit event in the same transaction: no event, no password. */
export async function revealPassword({
  db,
  vault,
  actor,
  id,
}: {
  db: Db;
  vault: Vault;
  actor: PasswordActor;
  id: string;
}): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await findAccessiblePassword(tx, actor, id);
    await recordPasswordEvent(tx, actor, id, 'reveal');
    return open(vault.key, row.sealed, row.id);
  });
}
