/*
 * The passwords are cached under these keys by the members' screen and by the admin settings: a change
 * made in one must reach the other. Everything about them starts with 'passwords'. Values
 * never are: a revealed password goes straight to the clipboard.
 */
export const passwordsQueryKeys = {
  all: ['passwords'] as const,
  list: () => [...passwordsQueryKeys.all, 'list'] as const,
  audit: (id: string) => [...passwordsQueryKeys.all, 'audit', id] as const,
  exposures: () => [...passwordsQueryKeys.all, 'exposures'] as const,
};
