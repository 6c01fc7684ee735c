import type { SessionUser } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/language';
import { loadPage } from '@/lib/browser-navigation';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, noContent, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { setMobileViewport } from '@/test/viewport';

vi.mock('@/lib/browser-navigation', () => ({ loadPage: vi.fn() }));

function signedInAs(overrides: Partial<SessionUser> = {}, routes: Routes = {}) {
  return { 'GET /api/session': signedIn(buildSessionUser(overrides)), ...routes };
}

async function renderShell(
  options: { overrides?: Partial<SessionUser>; routes?: Routes; at?: string } = {},
) {
  const rendered = renderApp({
    at: options.at ?? '/dashboard',
    routes: signedInAs(options.overrides, options.routes),
  });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

const mainNavigation = () => screen.getByRole('navigation', { name: 'Navigation principale' });

describe('sidebar', () => {
  beforeEach(() => setMobileViewport(false));

  it('shows the Administration section to an admin', async () => {
    await renderShell({ overrides: { role: 'admin' } });

    const nav = mainNavigation();
    expect(within(nav).getByRole('heading', { name: 'Administration' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Membres' })).toHaveAttribute(
      'href',
      '/users/list',
    );
    expect(within(nav).getByRole('link', { name: 'Organisation' })).toHaveAttribute(
      'href',
      '/settings/organization',
    );
  });

  it('hides the Administration section from a member who is not an admin', async () => {
    await renderShell({ overrides: { role: 'user' } });

    const nav = mainNavigation();
    expect(within(nav).queryByRole('heading', { name: 'Administration' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Membres' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('links to the dashboard, the member’s own profile and the account settings', async () => {
    await renderShell({ overrides: { _id: '65f1c0ffee000000000000aa' } });

    const nav = mainNavigation();
    expect(within(nav).getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Mon profil' })).toHaveAttribute(
      'href',
      '/users/65f1c0ffee000000000000aa',
    );
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
  });

  it('links to the passwords page when at least one password is open to the member', async () => {
    await renderShell({ overrides: { password_count: 2 } });

    expect(
      within(mainNavigation()).getByRole('link', { name: 'Mes mots de passe' }),
    ).toHaveAttribute('href', '/passwords');
  });

  it('hides the passwords link when no password is open to the member, admin or not', async () => {
    await renderShell({ overrides: { role: 'admin', password_count: 0 } });

    expect(
      within(mainNavigation()).queryByRole('link', { name: 'Mes mots de passe' }),
    ).not.toBeInTheDocument();
  });

  it('highlights the current page', async () => {
    const { user } = await renderShell();

    const nav = mainNavigation();
    expect(within(nav).getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Mon compte' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Mon compte' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: "Vue d'ensemble" })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('collapses and expands on a wide screen', async () => {
    const { user } = await renderShell();
    const toggle = screen.getByRole('button', { name: 'Menu principal' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('navigation', { name: 'Navigation principale' }),
    ).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(mainNavigation()).toBeVisible();
  });

  it('opens over the page on a narrow screen and closes on Escape', async () => {
    setMobileViewport(true);
    const { user } = await renderShell();
    const toggle = screen.getByRole('button', { name: 'Menu principal' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('navigation', { name: 'Navigation principale' }),
    ).not.toBeInTheDocument();

    await user.click(toggle);

    const overlay = screen.getByRole('dialog', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', overlay.id);
    expect(
      within(overlay).getByRole('navigation', { name: 'Navigation principale' }),
    ).toBeVisible();
    expect(overlay).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the overlay on a click on the backdrop', async () => {
    setMobileViewport(true);
    const { user } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Menu principal' }));

    await user.click(screen.getByTestId('sidebar-backdrop'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the overlay once a link is followed', async () => {
    setMobileViewport(true);
    const { user, currentLocation } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Menu principal' }));

    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Mon compte' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/settings/profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The focus went on to the new page, not back to the menu button.
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('takes the focus to the main content of the page a link opens', async () => {
    setMobileViewport(false);
    const { user } = await renderShell();

    await user.click(within(mainNavigation()).getByRole('link', { name: 'Mon compte' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('language button', () => {
  it('switches the interface to English and remembers the choice', async () => {
    const { user } = await renderShell();
    expect(document.documentElement.lang).toBe('fr');

    await user.click(screen.getByRole('button', { name: 'Passer en anglais' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Switch to French' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});

describe('account menu', () => {
  it('shows who is signed in', async () => {
    const { user } = await renderShell({
      overrides: { surname: 'Ada', name: 'Lovelace', email: 'ada@example.org' },
    });
    const trigger = screen.getByRole('button', { name: 'Menu du compte' });
    expect(trigger).toHaveTextContent('AL');

    await user.click(trigger);

    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Ada Lovelace')).toBeVisible();
    expect(within(menu).getByText('ada@example.org')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  });

  it('closes on Escape and gives focus back to the avatar', async () => {
    const { user } = await renderShell();
    const trigger = screen.getByRole('button', { name: 'Menu du compte' });
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeVisible();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const { user } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));

    await user.click(screen.getByRole('heading', { level: 1 }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('signs out, then starts again from the landing page', async () => {
    const { user, fetchMock } = await renderShell({ routes: { 'POST /auth/logout': noContent } });
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));

    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    const [logout] = requestsTo(fetchMock, 'POST', '/auth/logout');
    expect(logout?.headers.get('Content-Type')).toBe('application/json');
    expect(await logout?.json()).toEqual({});
  });

  it('stays signed in and logs the failure when the server cannot sign out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await renderShell({
      routes: {
        'POST /auth/logout': apiError(503, 'database_unavailable', 'Database unavailable'),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));

    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));

    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Erreur pendant la déconnexion', expect.anything()),
    );
    expect(loadPage).not.toHaveBeenCalled();
  });
});
