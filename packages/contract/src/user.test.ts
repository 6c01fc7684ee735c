import { describe, expect, it } from 'vitest';
import {
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  emailSchema,
  isProfileComplete,
} from './user.js';

const issuesOf = (email: string) =>
  emailSchema.safeParse(email).error?.issues.map((issue) => issue.message) ?? [];

describe('emailSchema', () => {
  it('takes an address whose part before the @ has 64 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(64)}@example.com`).success).toBe(true);
  });

  it('refuses 65 characters before the @ (RFC 5321), saying so', () => {
    expect(issuesOf(`${'a'.repeat(65)}@example.com`)).toEqual([
      `must have at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters before the @`,
    ]);
  });

  it('takes 254 characters in all and refuses 255', () => {
    // 64 before the @, then labels of at most 63 characters.
    const address = (lastLabel: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(lastLabel)}.com`;
    expect(address(57)).toHaveLength(EMAIL_MAX_LENGTH);
    expect(emailSchema.safeParse(address(57)).success).toBe(true);
    expect(issuesOf(address(58))).toEqual([`must be at most ${EMAIL_MAX_LENGTH} characters`]);
  });

  it('refuses what is not an address', () => {
    expect(issuesOf('not-an-address')[0]).toBe('must be an email address');
  });
});

describe('isProfileComplete', () => {
  const complete = {
    name: 'Lovelace',
    surname: 'Ada',
    pseudo: 'Ada',
    birthday: '1990-12-10',
    email: 'ada@example.org',
  };

  it('holds when every field the account form requires is there and valid', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });

  it.each(['name', 'surname', 'birthday', 'email'] as const)(
    'does not hold without the %s, nor with a blank one',
    (field) => {
      expect(isProfileComplete({ ...complete, [field]: null })).toBe(false);
      expect(isProfileComplete({ ...complete, [field]: '  ' })).toBe(false);
    },
  );

  it('does not hold with an email the account form would refuse', () => {
    expect(isProfileComplete({ ...complete, email: 'not-an-address' })).toBe(false);
  });
});
