import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { requestsTo, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

function openSettings(at = '/settings/organization', language: 'fr' | 'en' = 'fr') {
  return renderApp({ at, language, routes: { 'GET /api/session': signedIn(admin) } });
}

const tabs = () =>
  within(screen.getByRole('tablist', { name: "Sections des paramètres de l'organisation" }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

// The first test loads the screen and every tab's code: more than the default 5 s on a busy machine.
describe('admin settings', { timeout: 15_000 }, () => {
  it('shows the page header, a breadcrumb back to the dashboard and six tabs', async () => {
    openSettings();

    expect(
      await screen.findByRole('heading', { level: 1, name: "Paramètres de l'organisation" }),
    ).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(breadcrumb).getByText("Paramètres de l'organisation")).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(tabs()).toEqual([
      'Organisation',
      'Alertes',
      'Équipes',
      'Mots de passe',
      'Discord',
      'Points',
    ]);
    expect(screen.getByRole('tab', { name: 'Organisation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Organisation' })).toBeVisible();
  });

  it('keeps the tab in the address, so that a reload shows it again', async () => {
    const { user, currentLocation, fetchMock } = openSettings();
    await screen.findByRole('tab', { name: 'Équipes' });
    // Nothing about teams is asked before their tab opens.
    expect(requestsTo(fetchMock, 'GET', '/api/teams')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Équipes' }));

    expect(currentLocation().search).toBe('?tab=teams');
    expect(await screen.findByRole('heading', { level: 2, name: 'Équipes' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Alertes' }));
    expect(currentLocation().search).toBe('?tab=alerts');
    expect(await screen.findByRole('heading', { level: 2, name: 'Alertes' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Organisation' }));
    expect(currentLocation().search).toBe('');
  });

  it('offers only the tabs the member’s abilities open, and none to a member without any', async () => {
    renderApp({
      at: '/settings/organization?tab=passwords',
      routes: {
        'GET /api/session': signedIn(
          buildSessionUser({ abilities: ['manage:teams', 'read:member-private:self'] }),
        ),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Équipes' })).toBeVisible();
    expect(tabs()).toEqual(['Équipes']);
  });

  it('tells a member without those abilities that access is refused, at the address typed', async () => {
    const { currentLocation } = renderApp({
      at: '/settings/organization',
      routes: { 'GET /api/session': signedIn(buildSessionUser({ role: 'user' })) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/settings/organization');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('opens the tab the address names', async () => {
    openSettings('/settings/organization?tab=passwords');

    expect(await screen.findByRole('tab', { name: 'Mots de passe' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('reads in English', async () => {
    openSettings('/settings/organization?tab=teams', 'en');

    expect(await screen.findByRole('heading', { level: 2, name: 'Teams' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    expect(await screen.findByText('No team yet: create the first one.')).toBeVisible();
  });
});
