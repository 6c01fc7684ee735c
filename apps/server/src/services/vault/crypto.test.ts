import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VaultDecryptionError, open, seal } from './crypto.js';

const key = randomBytes(32);
const entryId = '0123456789abcdef01234567';
const secret = 'hunter2 — ünïcödé ✓';

/** Layout of a sealed value: nonce (12 bytes) | tag (16 bytes) | ciphertext. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const flipBit = (sealed: Buffer, index: number): Buffer => {
  const copy = Buffer.from(sealed);
  copy[index] = copy[index]! ^ 0x01;
  return copy;
};

/** Opening must fail with VaultDecryptionError: never an exception of another kind, never a value. */
function expectRefused(attempt: () => string): void {
  let opened: string | undefined;
  let failure: unknown;
  try {
    opened = attempt();
  } catch (error) {
    failure = error;
  }
  expect(opened).toBeUndefined();
  expect(failure).toBeInstanceOf(VaultDecryptionError);
}

describe('seal and open', () => {
  it('round-trips a value bound to its entry', () => {
    const sealed = seal(key, secret, entryId);
    expect(open(key, sealed, entryId)).toBe(secret);
    expect(open(key, seal(key, '', entryId), entryId)).toBe('');
  });

  it('does not carry the value in clear text', () => {
    const sealed = seal(key, secret, entryId);
    expect(sealed.includes(Buffer.from(secret, 'utf8'))).toBe(false);
    // nonce | tag | ciphertext, the ciphertext as long as the value (GCM is a stream mode).
    expect(sealed.length).toBe(NONCE_BYTES + TAG_BYTES + Buffer.byteLength(secret, 'utf8'));
  });

  it('uses a fresh nonce for every seal: the same value seals differently each time', () => {
    const seals = Array.from({ length: 20 }, () => seal(key, secret, entryId));
    const nonces = new Set(seals.map((sealed) => sealed.subarray(0, NONCE_BYTES).toString('hex')));
    expect(nonces.size).toBe(seals.length);
    expect(new Set(seals.map((sealed) => sealed.toString('hex'))).size).toBe(seals.length);
    for (const sealed of seals) expect(open(key, sealed, entryId)).toBe(secret);
  });

  it.each([
    ['the nonce', 0],
    ['the end of the nonce', NONCE_BYTES - 1],
    ['the tag', NONCE_BYTES],
    ['the end of the tag', NONCE_BYTES + TAG_BYTES - 1],
    ['the ciphertext', NONCE_BYTES + TAG_BYTES],
    ['the last byte of the ciphertext', -1],
  ])('refuses a value with a bit flipped in %s', (_part, index) => {
    const sealed = seal(key, secret, entryId);
    expectRefused(() =>
      open(key, flipBit(sealed, index < 0 ? sealed.length + index : index), entryId),
    );
  });

  it('refuses a truncated, extended or empty value', () => {
    const sealed = seal(key, secret, entryId);
    expectRefused(() => open(key, sealed.subarray(0, sealed.length - 1), entryId));
    expectRefused(() => open(key, Buffer.concat([sealed, Buffer.from([0])]), entryId));
    expectRefused(() => open(key, sealed.subarray(0, NONCE_BYTES + TAG_BYTES - 1), entryId));
    expectRefused(() => open(key, Buffer.alloc(0), entryId));
  });

  it('refuses a value moved to another entry (the entry id is associated data)', () => {
    const sealed = seal(key, secret, entryId);
    expectRefused(() => open(key, sealed, 'fedcba9876543210fedcba98'));
    expectRefused(() => open(key, sealed, `${entryId} `));
    expectRefused(() => open(key, sealed, ''));
  });

  it('refuses a value sealed with another key', () => {
    const sealed = seal(key, secret, entryId);
    expectRefused(() => open(randomBytes(32), sealed, entryId));
    const almost = Buffer.from(key);
    almost[31] = almost[31]! ^ 0x80;
    expectRefused(() => open(almost, sealed, entryId));
  });

  it('never answers a wrong value, whatever byte is changed', () => {
    const sealed = seal(key, 'short', entryId);
    for (let index = 0; index < sealed.length; index++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const tampered = Buffer.from(sealed);
        tampered[index] = tampered[index]! ^ mask;
        expectRefused(() => open(key, tampered, entryId));
      }
    }
  });
});
