import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { fieldErrorsFrom } from './form-errors';

describe('fieldErrorsFrom', () => {
  it('keys the server complaints by body field, the first one winning', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid request', [
      { path: 'body.email', message: 'must be an email address' },
      { path: 'body.email', message: 'is too long' },
      { path: 'body.valorant_login.2', message: 'must not be empty' },
      { path: 'query.page', message: 'must be a number' },
    ]);

    expect(fieldErrorsFrom(error)).toEqual({
      email: 'must be an email address',
      valorant_login: 'must not be empty',
    });
  });

  it('finds nothing in other failures', () => {
    expect(fieldErrorsFrom(new ApiError(409, 'last_admin', 'Last admin'))).toEqual({});
    expect(fieldErrorsFrom(new Error('boom'))).toEqual({});
  });
});
