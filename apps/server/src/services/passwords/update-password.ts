import type { PasswordEntry, passwordUpdateSchema } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { passwordEntries } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { findAccessiblePassword, type PasswordActor } from './access.js';
import {
  assertRulesExist,
  readAccessRules,
  sameAccessRules,
  writeAccessRules,
} from './access-rules.js';
import { recordPasswordEvent } from './audit-trail.js';
import { presentPassword } from './present-password.js';
import { seal } from '../vault/crypto.js';
import { assertCurrentKey, type Vault } from '../vault/keyring.js';

/**
 * PUT /api/password/{id}: without a password the sealed value stays; the trail says whether the
 * details, the rules or both changed.
 */
export async function updatePassword({
  db,
  vault,
  actor,
  id,
  fields,
}: {
  db: Db;
  vault: Vault;
  actor: PasswordActor;
  id: string;
  fields: z.output<typeof passwordUpdateSchema>;
}): Promise<PasswordEntry> {
  return db.transaction(async (tx) => {
    const existing = await findAccessiblePassword(tx, actor, id);
    if (fields.password !== undefined) await assertCurrentKey(tx, vault);
    await assertRulesExist(tx, fields.accessRules);
    const previousRules = (await readAccessRules(tx, [id])).get(id) ?? [];
    const now = new Date();
    const row = theRow(
      await tx
        .update(passwordEntries)
        .set({
          network: fields.network,
          account: fields.account,
          updatedAt: now,
          ...(fields.password !== undefined && {
            sealed: seal(vault.key, fields.password, id),
            keyVersion: vault.version,
            passwordChangedAt: now,
          }),
        })
        .where(eq(passwordEntries.id, id))
        .returning(),
    );
    await writeAccessRules(tx, id, fields.accessRules);
    const detailsChanged =
      fields.password !== undefined ||
      existing.network !== fields.network ||
      existing.account !== fields.account;
    if (detailsChanged) await recordPasswordEvent(tx, actor, id, 'update');
    if (!sameAccessRules(previousRules, fields.accessRules)) {
      await recordPasswordEvent(tx, actor, id, 'rules_changed');
    }
    return presentPassword(row, (await readAccessRules(tx, [id])).get(id) ?? []);
  });
}
