import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUser, buildUsersPage } from '@/test/fixtures';
import { json, neverAnswers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const OTHER_ID = '65f1c0ffee00000000000002';

const signedInAs = (role: 'admin' | 'user') => ({
  'GET /api/session': signedIn(buildSessionUser({ role, pseudo: `${role}-kiwi` })),
  'GET /api/roles': json(allRoles),
  'GET /api/users': json(buildUsersPage()),
  [`GET /api/users/${OTHER_ID}`]: json(
    buildUser({ _id: OTHER_ID, pseudo: 'owl', surname: 'Grace', name: 'Hopper' }),
  ),
});

describe('routes', () => {
  it('shows a loading message while the current member loads', async () => {
    renderApp({ at: '/dashboard', routes: { 'GET /api/session': neverAnswers } });

    expect(await screen.findByRole('status')).toHaveTextContent('Chargement...');
  });

  it('sends an anonymous visitor from a members-only page to the landing page', async () => {
    const { currentLocation } = renderApp({ at: '/dashboard' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les Hiboux Esport' }),
    ).toBeVisible();
    expect(currentLocation().pathname).toBe('/');
  });

  it.each(['/users/list', '/users/65f1c0ffee00000000000001', '/passwords', '/settings/profile'])(
    'keeps an anonymous visitor out of %s',
    async (path) => {
      const { currentLocation } = renderApp({ at: path });

      await waitFor(() => expect(currentLocation().pathname).toBe('/'));
    },
  );

  it('takes a signed-in member from / to the dashboard', async () => {
    const { currentLocation } = renderApp({ at: '/', routes: signedInAs('user') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(await screen.findByText('Bienvenue, user-kiwi !')).toBeVisible();
    expect(currentLocation().pathname).toBe('/dashboard');
    expect(document.title).toBe('Tableau de bord · Guildhall');
  });

  it('opens the organisation settings to an admin', async () => {
    const { currentLocation } = renderApp({
      at: '/settings/organization',
      routes: signedInAs('admin'),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: "Paramètres de l'organisation" }),
    ).toBeVisible();
    expect(currentLocation().pathname).toBe('/settings/organization');
  });

  it('redirects an unknown path to the dashboard', async () => {
    const { currentLocation } = renderApp({ at: '/no/such/page', routes: signedInAs('user') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/dashboard');
  });

  it.each([
    ['/users/list', 'Membres'],
    [`/users/${OTHER_ID}`, 'Grace Hopper'],
    [`/users/modify/${OTHER_ID}`, 'Modifier le profil de owl'],
    ['/passwords', 'Mes mots de passe'],
    ['/settings/profile', 'Mon compte'],
  ])('opens %s to an admin', async (path, title) => {
    renderApp({ at: path, routes: signedInAs('admin') });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  it.each([
    [`/users/${OTHER_ID}`, 'Grace Hopper'],
    ['/settings/profile', 'Mon compte'],
  ])('opens %s to any member', async (path, title) => {
    renderApp({ at: path, routes: signedInAs('user') });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  it.each(['/settings/organization', '/users/list', `/users/modify/${OTHER_ID}`, '/events/new'])(
    'tells a member who is not an admin that %s is not theirs, where it is asked',
    async (path) => {
      const { user, currentLocation } = renderApp({ at: path, routes: signedInAs('user') });

      expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeVisible();
      expect(screen.getByText('Erreur 403')).toBeVisible();
      expect(currentLocation().pathname).toBe(path);
      // The frame stays, and a link leads back.
      expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Retour au tableau de bord' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }),
      ).toBeVisible();
      expect(currentLocation().pathname).toBe('/dashboard');
    },
  );

  it('says in English that a page is not for the member', async () => {
    renderApp({ at: '/settings/organization', routes: signedInAs('user'), language: 'en' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    expect(screen.getByText('Error 403')).toBeVisible();
    expect(screen.getByText(/This page is for members allowed to open it/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
