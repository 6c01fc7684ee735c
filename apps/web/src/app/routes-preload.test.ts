import type { ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LazyPage } from './lazy-page';

/*
 * What a screen needs besides its code is asked for alongside it (preloadPages, at the first
 * paint), rather than once it renders: one round trip, or one long task, less before it shows.
 */
afterEach(() => {
  vi.doUnmock('@/i18n/i18n');
  vi.doUnmock('@/lib/format-date');
  vi.resetModules();
});

/** Preloads the pages of `path`, with `module` mocked to add `mocked`; returns when they came. */
async function preloadWith(path: string, module: string, mocked: object) {
  vi.resetModules();
  vi.doMock(module, async (importOriginal) => ({
    ...(await importOriginal<object>()),
    ...mocked,
  }));
  const { appRoutes } = await import('./routes');
  const { preloadPages } = await import('./lazy-page');
  // Awaited, so that no import runs on into the next case's fresh modules, where it could load
  // the real module in place of its mock.
  return preloadPages(appRoutes, path);
}

describe('the screens with texts of their own', () => {
  it.each([
    ['/users/65f1c0ffee00000000000002', 'profile'],
    ['/leaderboard', 'points'],
    ['/users/list', 'members'],
    ['/events', 'events'],
    ['/settings/organization', 'admin'],
  ])('%s asks for its %s texts with its code', async (path, part) => {
    const loadTextsPart = vi.fn(() => Promise.resolve());

    await preloadWith(path, '@/i18n/i18n', { loadTextsPart });

    expect(loadTextsPart).toHaveBeenCalledWith(part, ['fr']);
  });
});

describe('the date formatters', () => {
  it.each([
    '/dashboard',
    '/users/65f1c0ffee00000000000002',
    '/users/list',
    '/events',
    '/events/65f1c0ffee00000000000003',
  ])('are made while the code of %s, which writes dates, comes down', async (path) => {
    const prepareDateFormats = vi.fn(() => Promise.resolve());

    await preloadWith(path, '@/lib/format-date', { prepareDateFormats });

    expect(prepareDateFormats).toHaveBeenCalledWith('fr');
  });

  it('that cannot be made ahead leave the screen to make them as it renders', async () => {
    const prepareDateFormats = vi.fn(() => Promise.reject(new RangeError('no calendar data')));
    await preloadWith('/dashboard', '@/lib/format-date', { prepareDateFormats });
    const { appRoutes } = await import('./routes');
    const screen = matchRoutes(appRoutes, '/dashboard')!.at(-1)!.route.element as ReactElement<
      unknown,
      LazyPage
    >;

    const page = await screen.type.preload();

    expect(prepareDateFormats).toHaveBeenCalled();
    expect(page).toEqual({ default: expect.objectContaining({ name: 'DashboardPage' }) });
  });

  it.each(['/', '/passwords', '/settings/organization'])(
    'are not made for %s, whose first screen writes none',
    async (path) => {
      const prepareDateFormats = vi.fn(() => Promise.resolve());

      await preloadWith(path, '@/lib/format-date', { prepareDateFormats });

      expect(prepareDateFormats).not.toHaveBeenCalled();
    },
  );
});
