import type { Role, UsersSort } from '@guildhall/contract';

/** The member list as the list screen asks for it: its filters and its sort, paged by cursor. */
export interface UsersListParams {
  role: Role | undefined;
  /** Part of a pseudo; empty for no search. */
  q: string;
  sort: UsersSort;
}

/*
 * Members are cached under these keys by more than one screen: a change made on one (the account
 * settings, the edit form) must reach the others. Everything about members starts with 'users'.
 */
export const usersQueryKeys = {
  all: ['users'] as const,
  lists: () => [...usersQueryKeys.all, 'list'] as const,
  list: (query: UsersListParams) => [...usersQueryKeys.lists(), query] as const,
  detail: (id: string) => [...usersQueryKeys.all, 'detail', id] as const,
  /** A member's badges: its profile reads them, the admin's Points tab gives and takes them. */
  badges: (id: string) => [...usersQueryKeys.all, 'badges', id] as const,
};
