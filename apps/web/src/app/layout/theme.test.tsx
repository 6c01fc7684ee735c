import type { ThemePreference } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme/color-scheme';
import { buildOrganization, buildSessionUser } from '@/test/fixtures';
import { json, requestsTo, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { setMobileViewport, setSystemDark } from '@/test/viewport';

const root = document.documentElement;
const cssVariable = (name: string) => root.style.getPropertyValue(name);

function renderSignedIn(language: 'fr' | 'en' = 'fr', theme: ThemePreference = 'system') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: {
      'GET /api/session': signedIn(
        buildSessionUser({ preferences: { theme, show_real_name: false } }),
      ),
      // The server answers every preference, those the body did not name as they were.
      'PUT /api/user/preferences': async (request) =>
        json({ theme, show_real_name: false, ...((await request.json()) as object) })(request),
      'GET /api/organization': json(
        buildOrganization({ name: 'Les Hiboux Esport', background_color: '#ffffff' }),
      ),
    },
  });
}

describe('light and dark looks', () => {
  it('follows the device’s setting when the member has not chosen', async () => {
    setSystemDark(true);
    renderSignedIn();
    await screen.findByRole('heading', { level: 1 });

    await waitFor(() => expect(root.dataset.theme).toBe('dark'));
    // The organisation's white page becomes a night of its colours, its text white.
    expect(cssVariable('--color-on-background')).toBe('#ffffff');
    expect(cssVariable('--color-background')).not.toBe('#ffffff');
  });

  it('switches from the header, keeps the choice with the account, and names the next look', async () => {
    const { user, fetchMock } = renderSignedIn();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(root.dataset.theme).toBe('light'));
    expect(cssVariable('--color-background')).toBe('#ffffff');

    await user.click(screen.getByRole('button', { name: 'Passer en mode sombre' }));

    expect(root.dataset.theme).toBe('dark');
    await waitFor(() => expect(cssVariable('--color-on-background')).toBe('#ffffff'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Passer en mode clair' })).toBeVisible();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PUT', '/api/user/preferences')).toHaveLength(1),
    );
    const [saved] = requestsTo(fetchMock, 'PUT', '/api/user/preferences');
    expect(await saved?.json()).toEqual({ theme: 'dark' });
  });

  it('opens in the look the member’s account keeps, whatever this browser remembered', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderSignedIn('fr', 'dark');
    await screen.findByRole('heading', { level: 1 });

    await waitFor(() => expect(root.dataset.theme).toBe('dark'));
    expect(screen.getByRole('button', { name: 'Passer en mode clair' })).toBeVisible();
  });

  it('offers light, dark or the device’s setting in the account menu, in English too', async () => {
    setSystemDark(true);
    const { user, fetchMock } = renderSignedIn('en', 'light');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(root.dataset.theme).toBe('light'));

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Light' })).toBeChecked();
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Same as the device' }));

    await waitFor(() => expect(root.dataset.theme).toBe('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PUT', '/api/user/preferences')).toHaveLength(1),
    );
  });
});

describe('the phone header', () => {
  it('shows the organisation’s name beside the menu button', async () => {
    setMobileViewport(true);
    renderSignedIn();
    await screen.findByRole('heading', { level: 1 });

    expect(within(screen.getByRole('banner')).getByText('Les Hiboux Esport')).toBeVisible();
  });

  it('leaves the name to the sidebar on a wide screen', async () => {
    renderSignedIn();
    await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('navigation', { name: 'Navigation principale' });

    expect(within(screen.getByRole('banner')).queryByText('Les Hiboux Esport')).toBeNull();
  });
});
