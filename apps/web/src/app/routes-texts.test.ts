import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * A screen with a texts part of its own asks for it alongside its code (preloadPages, at the
 * first paint), rather than once it renders: one round trip less before it shows.
 */
describe('the screens with texts of their own', () => {
  afterEach(() => {
    vi.doUnmock('@/i18n/i18n');
    vi.resetModules();
  });

  it.each([
    ['/users/65f1c0ffee00000000000002', 'profile'],
    ['/leaderboard', 'points'],
    ['/users/list', 'members'],
    ['/events', 'events'],
    ['/settings/organization', 'admin'],
  ])('%s asks for its %s texts with its code', async (path, part) => {
    vi.resetModules();
    const loadTextsPart = vi.fn(() => Promise.resolve());
    vi.doMock('@/i18n/i18n', async (importOriginal) => ({
      ...(await importOriginal<object>()),
      loadTextsPart,
    }));
    const { appRoutes } = await import('./routes');
    const { preloadPages } = await import('./lazy-page');

    const arrived = preloadPages(appRoutes, path);

    expect(loadTextsPart).toHaveBeenCalledWith(part, ['fr']);
    // No import still running into the next case's fresh modules, where it could load the real
    // i18n module in place of its mock.
    await arrived;
  });
});
