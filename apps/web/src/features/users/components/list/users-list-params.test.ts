import { describe, expect, it } from 'vitest';
import {
  DEFAULT_USERS_LIST_QUERY,
  parseUsersListParams,
  usersListSearchParams,
} from './users-list-params';

describe('users list parameters', () => {
  it('reads every parameter from the address', () => {
    const params = new URLSearchParams(
      'page=3&pageSize=50&role=guest&q=%20owl%20&sort=-created_at',
    );

    expect(parseUsersListParams(params)).toEqual({
      page: 3,
      pageSize: 50,
      role: 'guest',
      q: 'owl',
      sort: '-created_at',
    });
  });

  it('takes the defaults for what is missing or unexpected', () => {
    const params = new URLSearchParams('page=-2&pageSize=13&role=king&sort=password');

    expect(parseUsersListParams(params)).toEqual(DEFAULT_USERS_LIST_QUERY);
    expect(parseUsersListParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(usersListSearchParams(DEFAULT_USERS_LIST_QUERY).toString()).toBe('');
    expect(
      usersListSearchParams({ ...DEFAULT_USERS_LIST_QUERY, page: 2, role: 'admin' }).toString(),
    ).toBe('role=admin&page=2');
  });
});
