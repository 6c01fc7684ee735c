import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverIssuesOf } from './form-errors';

describe('serverIssuesOf', () => {
  const tooLong = {
    path: 'body.email',
    message: 'Too big',
    code: 'too_big',
    params: { maximum: 254, origin: 'string' },
  } as const;

  it('keys the server complaints by body field, the first one winning', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid request', [
      tooLong,
      { path: 'body.email', message: 'is not an email', code: 'invalid_format' },
      { path: 'body.valorant_login.2', message: 'must not be empty', code: 'too_small' },
      { path: 'query.page', message: 'must be a number', code: 'invalid_type' },
    ]);

    expect(serverIssuesOf(error)).toEqual({
      email: tooLong,
      valorant_login: {
        path: 'body.valorant_login.2',
        message: 'must not be empty',
        code: 'too_small',
      },
    });
  });

  it('places a complaint on the field the form names for its path', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid body', [
      { path: 'body.roles.1.role', message: 'is already a role of this team', code: 'custom' },
      {
        path: 'body.roles.0.members.2',
        message: 'no member has the id x',
        code: 'unknown_reference',
      },
    ]);
    const fieldOf = (path: readonly string[]) => path.slice(0, 3).join('.');

    expect(Object.keys(serverIssuesOf(error, fieldOf))).toEqual([
      'roles.1.role',
      'roles.0.members',
    ]);
  });

  it('finds nothing in other failures', () => {
    expect(serverIssuesOf(new ApiError(409, 'last_admin', 'Last admin'))).toEqual({});
    expect(serverIssuesOf(new Error('boom'))).toEqual({});
  });
});
