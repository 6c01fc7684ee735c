import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverIssuesOf } from './form-errors';

describe('serverIssuesOf', () => {
  it('keys the server complaints by body field, the first one winning', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid request', [
      { path: 'body.email', message: 'must be an email address' },
      { path: 'body.email', message: 'is too long' },
      { path: 'body.valorant_login.2', message: 'must not be empty' },
      { path: 'query.page', message: 'must be a number' },
    ]);

    expect(serverIssuesOf(error)).toEqual({
      email: 'must be an email address',
      valorant_login: 'must not be empty',
    });
  });

  it('places a complaint on the field the form names for its path', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid body', [
      { path: 'body.roles.1.role', message: 'is already a role of this team' },
      { path: 'body.roles.0.members.2', message: 'no member has the id x' },
    ]);
    const fieldOf = (path: readonly string[]) => path.slice(0, 3).join('.');

    expect(serverIssuesOf(error, fieldOf)).toEqual({
      'roles.1.role': 'is already a role of this team',
      'roles.0.members': 'no member has the id x',
    });
  });

  it('finds nothing in other failures', () => {
    expect(serverIssuesOf(new ApiError(409, 'last_admin', 'Last admin'))).toEqual({});
    expect(serverIssuesOf(new Error('boom'))).toEqual({});
  });
});
