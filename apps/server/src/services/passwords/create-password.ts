import type { PasswordEntry, passwordCreateSchema } from '@guildhall/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { passwordEntries } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import type { PasswordActor } from './access.js';
import { assertRulesExist, readAccessRules, writeAccessRules } from './access-rules.js';
import { recordPasswordEvent } from './audit-trail.js';
import { presentPassword } from './present-password.js';
import { seal } from '../vault/crypto.js';
import { assertCurrentKey, type Vault } from '../vault/keyring.js';

/** POST /api/password: a new entry, sealed under the current key, with its rules. */
export async function createPassword({
  db,
  vault,
  actor,
  fields,
}: {
  db: Db;
  vault: Vault;
  actor: PasswordActor;
  fields: z.output<typeof passwordCreateSchema>;
}): Promise<PasswordEntry> {
  return db.transaction(async (tx) => {
    await assertCurrentKey(tx, vault);
    await assertRulesExist(tx, fields.accessRules);
    const id = newId();
    const row = theRow(
      await tx
        .insert(passwordEntries)
        .values({
          id,
          network: fields.network,
          account: fields.account,
          sealed: seal(vault.key, fields.password, id),
          keyVersion: vault.version,
        })
        .returning(),
    );
    await writeAccessRules(tx, id, fields.accessRules);
    await recordPasswordEvent(tx, actor, id, 'create');
    return presentPassword(row, (await readAccessRules(tx, [id])).get(id) ?? []);
  });
}
