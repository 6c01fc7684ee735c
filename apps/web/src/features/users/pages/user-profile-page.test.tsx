import type { SessionUser } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUser } from '@/test/fixtures';
import { apiError, json, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const MEMBER_ID = '65f1c0ffee00000000000042';
const reader = buildSessionUser({ _id: '65f1c0ffee00000000000001', role: 'user' });

/** Another member, as a reader who is neither admin nor that member gets it: no contact details. */
const member = buildUser({
  _id: MEMBER_ID,
  pseudo: 'owl',
  surname: 'Grace',
  name: 'Hopper',
  country: 'Canada',
  role: 'admin',
  email: null,
  birthday: null,
  created_at: '2024-09-15T10:00:00.000Z',
  leagueoflegends_login: ['Owl#EUW', 'Hoot#EUW'],
  valorant_login: [],
  fortnite_login: ['owl_fn'],
});

function openProfile({
  as = reader,
  routes = {},
  language,
}: { as?: SessionUser; routes?: Routes; language?: 'fr' | 'en' } = {}) {
  return renderApp({
    at: `/users/${MEMBER_ID}`,
    language,
    routes: {
      'GET /api/session': signedIn(as),
      'GET /api/roles': json(allRoles),
      [`GET /api/users/${MEMBER_ID}`]: json(member),
      [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: json({ roles: [] }),
      [`GET /api/users/${MEMBER_ID}/badges`]: json({ milestones: [], badges: [] }),
      [`GET /api/users/${MEMBER_ID}/timeline`]: json({ items: [], next_cursor: null }),
      ...routes,
    },
  });
}

describe('public profile', () => {
  it('presents the member: full name, role, country and when it joined', async () => {
    openProfile();

    const name = await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    const header = name.closest('header')!;
    expect(within(header).getByText('Administrateur')).toBeVisible();
    expect(within(header).getByText('Canada')).toBeVisible();
    expect(within(header).getByText('Membre depuis septembre 2024')).toBeVisible();
    // No picture: the initials, on the colour of the member's id.
    expect(within(header).getByText('GH')).toBeVisible();
    expect(document.title).toBe('Grace Hopper · Guildhall');
  });

  it('falls back to the pseudo, and to a dash read as “Non renseigné”', async () => {
    openProfile({
      routes: {
        [`GET /api/users/${MEMBER_ID}`]: json({
          ...member,
          surname: null,
          name: null,
          country: null,
        }),
      },
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'owl' });
    expect(heading).toBeVisible();
    // A hidden real name (decision 049) is null: the pseudo stands in, initials and title too.
    const header = heading.closest('header')!;
    expect(within(header).getByText('OW')).toBeInTheDocument();
    expect(header).not.toHaveTextContent(/null|undefined/);
    expect(document.title).toBe('owl · Guildhall');
    expect(screen.getAllByText('Non renseigné').length).toBeGreaterThan(0);
    expect(screen.getAllByText('—').length).toBeGreaterThan(0);
    expect(document.body).not.toHaveTextContent('N/A');
  });

  it('offers a tab per game the member has logins for, and the profile tab first', async () => {
    openProfile();
    await screen.findByRole('heading', { level: 1 });

    expect(
      screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]),
    ).toEqual([
      ['Profil', 'true'],
      ['League of Legends', 'false'],
      ['Fortnite', 'false'],
    ]);
  });

  it('shows about, teams and activity on the profile tab', async () => {
    openProfile();
    await screen.findByRole('heading', { level: 1 });

    const about = screen.getByRole('region', { name: 'À propos' });
    expect(within(about).getByText('owl')).toBeVisible();
    expect(within(about).getByText('Canada')).toBeVisible();
    expect(within(about).getByText('Administrateur')).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Équipes' })).findByText(
        "Ce membre ne fait encore partie d'aucune équipe.",
      ),
    ).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Activité' })).findByText(
        'Aucune activité pour le moment.',
      ),
    ).toBeVisible();
  });

  it('lists the member’s teams with its role in each, from check-all-roles', async () => {
    openProfile({
      routes: {
        [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: json({
          roles: [
            { teamName: 'Hiboux LoL', role: 'Joueurs', icon: 'swords' },
            { teamName: 'Hiboux LoL', role: 'Coachs', icon: 'swords' },
            { teamName: '', role: '', icon: 'no-such-icon' },
          ],
        }),
      },
    });

    const teams = await screen.findByRole('region', { name: 'Équipes' });
    const lines = await within(teams).findAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Hiboux LoLJoueurs',
      'Hiboux LoLCoachs',
      'Nom introuvableRôle inconnu',
    ]);
    // Each line shows the team's icon; an unknown icon name falls back to the default one.
    expect(lines.every((line) => line.querySelector('svg'))).toBe(true);
  });

  it('says so in the teams card when the member’s teams cannot be loaded', async () => {
    openProfile({
      routes: {
        [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: apiError(503, 'database_unavailable', 'x'),
      },
    });

    const teams = await screen.findByRole('region', { name: 'Équipes' });
    expect(await within(teams).findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des équipes du membre.',
    );
  });

  it('says the contact details are hidden from other members', async () => {
    openProfile();
    await screen.findByRole('heading', { level: 1 });

    expect(
      within(screen.getByRole('region', { name: 'Contact' })).getByText(
        'Visible uniquement par le membre et les administrateurs.',
      ),
    ).toBeVisible();
  });

  it('shows the email to an admin', async () => {
    openProfile({
      as: buildSessionUser({ role: 'admin' }),
      routes: { [`GET /api/users/${MEMBER_ID}`]: json({ ...member, email: 'grace@example.org' }) },
    });
    await screen.findByRole('heading', { level: 1 });

    expect(
      within(screen.getByRole('region', { name: 'Contact' })).getByText('grace@example.org'),
    ).toBeVisible();
  });

  it('lists the Riot IDs on the League tab, and says statistics are missing elsewhere', async () => {
    // A server without a Riot key: the League tab lists the Riot IDs and says why nothing more.
    const notConfigured = apiError(503, 'riot_not_configured', 'No Riot API key');
    const { user } = openProfile({
      routes: {
        [`GET /api/ranks/lol/${MEMBER_ID}`]: notConfigured,
        [`GET /api/games/lol/${MEMBER_ID}`]: notConfigured,
        'GET /api/versions.json': json(['15.12.1']),
      },
    });
    await screen.findByRole('heading', { level: 1 });

    await user.click(screen.getByRole('tab', { name: 'League of Legends' }));
    const league = screen.getByRole('tabpanel', { name: 'League of Legends' });
    expect(await within(league).findByText('Owl#EUW')).toBeVisible();
    expect(within(league).getByText('Hoot#EUW')).toBeVisible();
    expect(within(league).getByText(/pas relié à l'API de Riot Games/)).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Fortnite' }));
    const fortnite = screen.getByRole('tabpanel', { name: 'Fortnite' });
    expect(within(fortnite).getByText('owl_fn')).toBeVisible();
    expect(
      within(fortnite).getByText('Les statistiques ne sont pas disponibles pour ce jeu.'),
    ).toBeVisible();
  });

  it('says when the member does not exist', async () => {
    openProfile({
      routes: { [`GET /api/users/${MEMBER_ID}`]: apiError(404, 'user_not_found', 'No such user') },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Utilisateur introuvable');
  });

  it('says the same of an id that cannot be one', async () => {
    renderApp({
      at: '/users/not-an-id',
      routes: {
        'GET /api/session': signedIn(reader),
        'GET /api/users/not-an-id': apiError(400, 'validation_failed', 'Invalid request'),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Utilisateur introuvable');
  });

  it('reads in English, dates included', async () => {
    openProfile({ language: 'en' });

    expect(await screen.findByText('Member since September 2024')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Profile' })).toBeVisible();
  });
});
