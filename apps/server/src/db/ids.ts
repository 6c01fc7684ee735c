import { randomBytes } from 'node:crypto';

/** A new id: 12 random bytes as 24 lowercase hex characters. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
