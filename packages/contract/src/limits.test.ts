import { describe, expect, it } from 'vitest';
import { maxLengthOf } from './limits.js';
import { organizationUpdateSchema } from './organization.js';
import { passwordCreateSchema } from './passwords.js';
import { updateAccountBodySchema } from './user.js';

describe('maxLengthOf', () => {
  it('reads the limit of required, optional and transformed text fields', () => {
    expect(maxLengthOf(passwordCreateSchema.shape.network)).toBe(100);
    expect(maxLengthOf(updateAccountBodySchema.shape.zip_code)).toBe(16);
    expect(maxLengthOf(updateAccountBodySchema.shape.email)).toBe(254);
    expect(maxLengthOf(organizationUpdateSchema.shape.name)).toBe(80);
  });

  it('answers undefined for a field without a limit', () => {
    expect(maxLengthOf(updateAccountBodySchema.shape.birthday)).toBeUndefined();
  });
});
