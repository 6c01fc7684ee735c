import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vaultKeys } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { VaultDecryptionError, open, seal } from './crypto.js';

/** The vault's key as the running server holds it. */
export interface Vault {
  key: Buffer;
  version: number;
}

export class VaultKeyError extends Error {
  override name = 'VaultKeyError';
}

const CHECK_PLAINTEXT = 'guildhall-vault-key-check';
const checkBinding = (version: number) => `vault-key-check:${version}`;

export function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new VaultKeyError('A vault key is 32 bytes encoded in base64');
  return key;
}

/** Local mode: the key lives in DATA_DIR/vault.key, created (mode 0600) on first start. */
export function localKeyFile(dataDir: string): string {
  const file = resolve(dataDir, 'vault.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

/**
 * Proves the key is the one the vault was sealed with, or stops: a wrong key would otherwise
 * fail every reveal (or, worse, seal new entries under another key). A vault without a key yet
 * adopts this one as version 1.
 */
export async function unlockVault(db: Db, key: Buffer): Promise<Vault> {
  const [current] = await db.select().from(vaultKeys).orderBy(desc(vaultKeys.version)).limit(1);
  if (!current) {
    await db
      .insert(vaultKeys)
      .values({ version: 1, check: seal(key, CHECK_PLAINTEXT, checkBinding(1)) })
      .onConflictDoNothing();
    return unlockVault(db, key);
  }
  try {
    if (open(key, current.check, checkBinding(current.version)) === CHECK_PLAINTEXT) {
      return { key, version: current.version };
    }
  } catch (error) {
    if (!(error instanceof VaultDecryptionError)) throw error;
  }
  throw new VaultKeyError(
    `VAULT_KEY is not the key of this vault (key version ${current.version}). ` +
      'Give the key the vault was sealed with, or rotate keys with the vault:rotate command.',
  );
}

/** Records the check value of a new key version, inside the rotation's transaction. */
export async function recordKeyVersion(tx: Db, key: Buffer, version: number): Promise<void> {
  await tx
    .insert(vaultKeys)
    .values({ version, check: seal(key, CHECK_PLAINTEXT, checkBinding(version)) });
  await tx.delete(vaultKeys).where(eq(vaultKeys.version, version - 1));
}

/**
 * Refuses to seal with a key the vault has rotated away from (a server started before the
 * rotation): the value would not open with the new key. Shares the lock rotation takes.
 */
export async function assertCurrentKey(tx: Db, vault: Vault): Promise<void> {
  const [row] = await tx
    .select({ version: vaultKeys.version })
    .from(vaultKeys)
    .orderBy(desc(vaultKeys.version))
    .limit(1)
    .for('share');
  if (row?.version !== vault.version) {
    throw new HttpError(
      503,
      'vault_key_rotated',
      'The vault key was rotated: restart this server with the new key',
    );
  }
}
