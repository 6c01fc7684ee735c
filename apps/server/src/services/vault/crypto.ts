import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class VaultDecryptionError extends Error {
  override name = 'VaultDecryptionError';
}

/**
 * AES-256-GCM with a fresh 96-bit nonce for every write. `boundTo` (the entry id) is associated
 * data: a ciphertext copied onto another row does not open there.
 */
export function seal(key: Buffer, plaintext: string, boundTo: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]);
}

/** The plaintext, or a VaultDecryptionError: a wrong key, a tampered or moved value never opens. */
export function open(key: Buffer, sealed: Buffer, boundTo: string): string {
  if (sealed.length < NONCE_BYTES + TAG_BYTES)
    throw new VaultDecryptionError('sealed value too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch (error) {
    throw new VaultDecryptionError('the value does not open with this key', { cause: error });
  }
}
