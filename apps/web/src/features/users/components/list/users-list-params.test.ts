import { describe, expect, it } from 'vitest';
import {
  DEFAULT_USERS_LIST_QUERY,
  parseUsersListParams,
  usersListSearchParams,
} from './users-list-params';

describe('users list parameters', () => {
  it('reads every parameter from the address', () => {
    const params = new URLSearchParams('role=guest&q=%20owl%20&sort=-created_at');

    expect(parseUsersListParams(params)).toEqual({
      role: 'guest',
      q: 'owl',
      sort: '-created_at',
    });
  });

  it('takes the defaults for what is missing or unexpected, and leaves out the old page', () => {
    const params = new URLSearchParams('page=2&pageSize=13&role=king&sort=password');

    expect(parseUsersListParams(params)).toEqual(DEFAULT_USERS_LIST_QUERY);
  });

  it('writes only what differs from the defaults', () => {
    expect(usersListSearchParams(DEFAULT_USERS_LIST_QUERY).toString()).toBe('');
    expect(usersListSearchParams({ ...DEFAULT_USERS_LIST_QUERY, role: 'admin' }).toString()).toBe(
      'role=admin',
    );
  });
});
