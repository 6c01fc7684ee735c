/*
 * Teams are cached under these keys by more than one screen: a change made in the admin settings
 * must reach the dashboard. Everything about teams starts with 'teams'.
 */
export const teamsQueryKeys = {
  all: ['teams'] as const,
  list: () => [...teamsQueryKeys.all, 'list'] as const,
  detail: (id: string) => [...teamsQueryKeys.all, 'detail', id] as const,
};
