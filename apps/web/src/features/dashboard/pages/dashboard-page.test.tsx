import type { TeamDetail } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOccurrence, daysFromNow } from '@/test/event-fixtures';
import { buildSessionUser, buildUser, buildUsers } from '@/test/fixtures';
import { apiError, json, neverAnswers, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

const [ada, grace, linus, owl] = buildUsers(4);

const lol = buildTeamDetail({
  name: 'Hiboux LoL',
  icon: 'swords',
  type: 'esport',
  game: 'leagueoflegends',
  roles: [
    { role: 'Joueurs', members: [ada!, grace!] },
    { role: 'Coachs', members: [linus!] },
  ],
});
const staff = buildTeamDetail({
  name: 'Staff',
  icon: 'briefcase',
  type: 'transversal',
  game: null,
  roles: [{ role: 'Managers', members: [owl!] }, { role: 'Bénévoles' }],
});
const valorant = buildTeamDetail({
  name: 'Hiboux Valorant',
  icon: 'crosshair',
  type: 'esport',
  game: 'valorant',
  roles: [],
});
// As GET /api/teams sorts them: by name.
const allTeams = [lol, valorant, staff];

const member = buildSessionUser({
  pseudo: 'kiwi',
  created_at: '2024-09-01T10:00:00.000Z',
  teams: [staff._id, lol._id],
  rolesByTeam: { [lol._id]: ['Joueurs'], [staff._id]: ['Managers', 'Bénévoles'] },
});

const detailRoutes = (...teams: TeamDetail[]): Routes =>
  Object.fromEntries(teams.map((team) => [`GET /api/teams/${team._id}`, json(team)]));

function openDashboard({
  routes = {},
  language,
}: { routes?: Routes; language?: 'fr' | 'en' } = {}) {
  return renderApp({
    at: '/dashboard',
    language,
    routes: {
      'GET /api/session': signedIn(member),
      'GET /api/teams': json(allTeams.map(summaryOf)),
      'GET /api/users/latest': json([
        buildUser({ _id: owl!._id, pseudo: 'owl', surname: 'Grace', name: 'Hopper' }),
      ]),
      ...detailRoutes(...allTeams),
      ...routes,
    },
  });
}

const card = (name: string | RegExp) => screen.getByRole('region', { name });
const findCard = (name: string | RegExp) => screen.findByRole('region', { name });

describe('dashboard', () => {
  it('greets the member with its membership date, teams and roles', async () => {
    openDashboard();

    const welcome = await findCard(/^Bienvenue, kiwi/);
    await within(welcome).findByText('Hiboux LoL');
    expect(within(welcome).getByText('1 sept. 2024')).toBeVisible();
    expect(within(welcome).getByText('Staff')).toBeVisible();
    expect(within(welcome).getByText('Hiboux LoL : Joueurs')).toBeVisible();
    expect(within(welcome).getByText('Staff : Managers, Bénévoles')).toBeVisible();
  });

  it('says when the member has no team, no role, and no known membership date', async () => {
    openDashboard({
      routes: {
        'GET /api/session': signedIn(
          buildSessionUser({
            pseudo: 'kiwi',
            created_at: 'not a date',
            teams: [],
            rolesByTeam: {},
          }),
        ),
      },
    });

    const welcome = await findCard(/^Bienvenue, kiwi/);
    expect(await within(welcome).findByText('Aucune équipe pour le moment')).toBeVisible();
    expect(within(welcome).getByText('Aucun rôle pour le moment')).toBeVisible();
    expect(within(welcome).getByText('Non renseigné')).toBeInTheDocument();
    expect(welcome).not.toHaveTextContent('N/A');
    expect(
      within(card('Mes équipes')).getByText(
        "Vous ne faites partie d'aucune équipe pour le moment.",
      ),
    ).toBeVisible();
  });

  it("shows the member's points this season, its place and the next milestone", async () => {
    openDashboard({
      routes: {
        'GET /api/points/me': json({
          season: {
            _id: '65f1c0ffee00000000000a01',
            name: 'Saison 2026-2027',
            starts_on: '2026-09-01',
            ends_on: '2027-06-30',
            current: true,
          },
          points: 130,
          place: 4,
          ranked: 57,
          reached: {
            _id: '65f1c0ffee00000000000b01',
            name: 'Bronze',
            threshold: 100,
            icon: 'medal',
            colour: '#cd7f32',
          },
          next: {
            _id: '65f1c0ffee00000000000b02',
            name: 'Argent',
            threshold: 250,
            icon: 'trophy',
            colour: '#c0c0c0',
          },
          teams: [
            { _id: '65f1c0ffee00000000000c01', name: 'Guildhall LoL', place: 3, ranked: 12 },
            { _id: '65f1c0ffee00000000000c02', name: 'Staff', place: 1, ranked: 4 },
            // No points among this team's members: no place to show.
            { _id: '65f1c0ffee00000000000c03', name: 'Academy', place: null, ranked: 5 },
          ],
        }),
      },
    });

    const ranking = await findCard('Classement');
    expect(await within(ranking).findByText('130 points')).toBeVisible();
    expect(within(ranking).getByText('Saison 2026-2027')).toBeVisible();
    expect(within(ranking).getByText('Place 4 sur 57 membres classés')).toBeVisible();
    expect(
      within(ranking).getByRole('link', { name: '3ᵉ sur 12 dans Guildhall LoL' }),
    ).toHaveAttribute('href', '/leaderboard?team=65f1c0ffee00000000000c01');
    expect(within(ranking).getByRole('link', { name: '1er sur 4 dans Staff' })).toBeVisible();
    expect(within(ranking).queryByText(/Academy/)).toBeNull();
    expect(within(ranking).getByText('Palier atteint : Bronze')).toBeVisible();
    expect(within(ranking).getByText('Prochain palier : Argent, encore 120 pts')).toBeVisible();
    expect(within(ranking).getByRole('link', { name: 'Voir le classement' })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
  });

  it('says when no season is under way', async () => {
    openDashboard();
    const ranking = await findCard('Classement');
    expect(await within(ranking).findByText('Aucune saison en cours')).toBeVisible();
    expect(within(ranking).getByText('0 point')).toBeVisible();
    expect(within(ranking).queryByText(/^Place/)).toBeNull();
  });

  it('says when the ranking cannot load', async () => {
    openDashboard({
      language: 'en',
      routes: { 'GET /api/points/me': apiError(503, 'database_unavailable', 'Down') },
    });
    const failed = await findCard('Ranking');
    expect(await within(failed).findByText('The ranking cannot be shown right now.')).toBeVisible();
  });
  it('replaces the dashboard with an error when the teams cannot be loaded', async () => {
    openDashboard({
      routes: { 'GET /api/teams': apiError(503, 'database_unavailable', 'Database unavailable') },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des équipes.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Mes équipes' })).not.toBeInTheDocument();
  });

  it('shows the members of the first of my teams by role, each linking to its profile', async () => {
    const { fetchMock } = openDashboard();

    const myTeams = await findCard('Mes équipes');
    const players = await within(myTeams).findByRole('heading', { level: 3, name: 'Joueurs' });
    expect(players).toBeVisible();
    expect(within(myTeams).getByRole('heading', { level: 3, name: 'Coachs' })).toBeVisible();
    expect(within(myTeams).getByRole('link', { name: 'Surname1 Name1' })).toHaveAttribute(
      'href',
      `/users/${ada!._id}`,
    );
    expect(within(myTeams).getByText('League of Legends', { exact: false })).toBeVisible();
    // Only the team shown is asked for.
    expect(requestsTo(fetchMock, 'GET', `/api/teams/${lol._id}`)).toHaveLength(1);
    expect(requestsTo(fetchMock, 'GET', `/api/teams/${staff._id}`)).toHaveLength(0);
  });

  it('switches the members shown with the team selector', async () => {
    const { user, fetchMock } = openDashboard();
    const myTeams = await findCard('Mes équipes');
    const selector = await within(myTeams).findByRole('combobox', { name: 'Équipe affichée' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Hiboux LoL', 'Staff']);

    await user.selectOptions(selector, 'Staff');

    expect(
      await within(myTeams).findByRole('heading', { level: 3, name: 'Managers' }),
    ).toBeVisible();
    expect(within(myTeams).getByRole('link', { name: 'Surname4 Name4' })).toBeVisible();
    expect(within(myTeams).getByText('Aucun membre pour ce rôle.')).toBeVisible();
    expect(within(myTeams).queryByRole('heading', { name: 'Joueurs' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', `/api/teams/${staff._id}`)).toHaveLength(1);
  });

  it("shows the team's next events with the member's answers, and follows the team selector", async () => {
    const training = buildOccurrence({
      my_rsvp: { answer: 'going', comment: '', waitlisted: false },
    });
    const scrim = buildOccurrence({
      _id: '0cc000000000000000000002',
      title: 'Scrim contre les Chouettes',
      type: 'scrim',
      starts_at: daysFromNow(4, 18),
      ends_at: daysFromNow(4, 20),
    });
    const match = buildOccurrence({
      _id: '0cc000000000000000000003',
      title: 'Match de poule',
      type: 'match',
      starts_at: daysFromNow(6, 18),
      ends_at: daysFromNow(6, 20),
      cancelled: true,
    });
    const { user, fetchMock } = openDashboard({
      routes: {
        'GET /api/events': (request) => {
          const team = new URL(request.url).searchParams.get('team');
          return Response.json({
            items: team === lol._id ? [training, scrim, match] : [],
            next_cursor: null,
          });
        },
      },
    });
    const myTeams = await findCard('Mes équipes');
    const events = await within(myTeams).findByRole('region', {
      name: "Prochains événements de l'équipe",
    });

    const items = await within(events).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: 'Entraînement LoL' })).toHaveAttribute(
      'href',
      `/events/${training._id}`,
    );
    expect(items[0]).toHaveTextContent('Votre réponse : Présent');
    expect(items[0]).toHaveTextContent(
      new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'short' }).format(
        new Date(training.starts_at),
      ),
    );
    expect(items[1]).toHaveTextContent('Votre réponse : pas encore donnée');
    expect(items[2]).toHaveTextContent('Annulé');
    expect(items[2]).not.toHaveTextContent('Votre réponse');
    expect(within(events).getByRole('link', { name: 'Voir tous les événements' })).toHaveAttribute(
      'href',
      '/events',
    );
    const asked = requestsTo(fetchMock, 'GET', '/api/events')
      .map((request) => new URL(request.url).searchParams)
      .filter((params) => params.has('team'));
    expect(asked.map((params) => [params.get('team'), params.get('limit')])).toEqual([
      [lol._id, '3'],
    ]);

    await user.selectOptions(
      within(myTeams).getByRole('combobox', { name: 'Équipe affichée' }),
      'Staff',
    );
    expect(await within(myTeams).findByText("Aucun événement prévu pour l'équipe.")).toBeVisible();
    expect(within(myTeams).queryByText('Entraînement LoL')).not.toBeInTheDocument();
  });

  it('offers no selector to a member of a single team', async () => {
    openDashboard({
      routes: {
        'GET /api/session': signedIn({ ...member, teams: [lol._id], rolesByTeam: {} }),
      },
    });

    const myTeams = await findCard('Mes équipes');
    await within(myTeams).findByRole('heading', { level: 3, name: 'Joueurs' });
    expect(within(myTeams).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows the members error in its card while the other cards carry on', async () => {
    openDashboard({
      routes: {
        [`GET /api/teams/${lol._id}`]: apiError(503, 'database_unavailable', 'Unavailable'),
      },
    });

    const myTeams = await findCard('Mes équipes');
    expect(await within(myTeams).findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des membres.',
    );
    expect(await within(card('Derniers inscrits')).findByText('Grace Hopper')).toBeVisible();
    expect(within(card('Organigramme')).getByText('Staff')).toBeVisible();
  });

  it('lists the latest members, with their own loading state', async () => {
    openDashboard({ routes: { 'GET /api/users/latest': neverAnswers } });

    const latest = await findCard('Derniers inscrits');
    expect(within(latest).getByRole('status')).toHaveTextContent('Chargement...');
    // The other cards do not wait for it.
    expect(
      await within(card('Mes équipes')).findByRole('heading', { name: 'Joueurs' }),
    ).toBeVisible();
  });

  it('shows the latest members with the day they joined, or their error in red', async () => {
    openDashboard();
    const latest = await findCard('Derniers inscrits');
    expect(await within(latest).findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/users/${owl!._id}`,
    );
    expect(within(latest).getByText('Inscription : 1 sept. 2024')).toBeVisible();
  });

  it('says in its card when the latest members cannot be loaded', async () => {
    openDashboard({
      routes: { 'GET /api/users/latest': apiError(503, 'database_unavailable', 'Unavailable') },
    });

    const latest = await findCard('Derniers inscrits');
    expect(await within(latest).findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des derniers utilisateurs.',
    );
    expect(await findCard('Mes équipes')).toBeVisible();
  });

  it('opens one organisation chart entry at a time, loading its members then', async () => {
    const { user, fetchMock } = openDashboard({
      routes: { 'GET /api/session': signedIn({ ...member, teams: [], rolesByTeam: {} }) },
    });
    const chart = await findCard('Organigramme');
    const entry = (name: RegExp) => within(chart).getByRole('button', { name });
    const entries = await within(chart).findAllByRole('button');
    expect(entries.map((button) => button.textContent)).toEqual([
      'Hiboux LoLEsport · League of Legends',
      'Hiboux ValorantEsport · Valorant',
      'StaffTransverse',
    ]);
    expect(requestsTo(fetchMock, 'GET', `/api/teams/${lol._id}`)).toHaveLength(0);

    await user.click(entry(/Hiboux LoL/));
    expect(entry(/Hiboux LoL/)).toHaveAttribute('aria-expanded', 'true');
    expect(await within(chart).findByRole('heading', { level: 4, name: 'Coachs' })).toBeVisible();
    expect(within(chart).getByRole('link', { name: 'Surname3 Name3' })).toBeVisible();

    await user.click(entry(/Staff/));
    expect(entry(/Staff/)).toHaveAttribute('aria-expanded', 'true');
    expect(entry(/Hiboux LoL/)).toHaveAttribute('aria-expanded', 'false');
    expect(await within(chart).findByRole('heading', { level: 4, name: 'Managers' })).toBeVisible();
    expect(within(chart).queryByRole('heading', { name: 'Coachs' })).not.toBeInTheDocument();

    await user.click(entry(/Hiboux Valorant/));
    expect(await within(chart).findByText("Cette équipe n'a pas encore de rôle.")).toBeVisible();

    // A second click closes the open entry.
    await user.click(entry(/Hiboux Valorant/));
    await waitFor(() =>
      expect(within(chart).queryAllByRole('button', { expanded: true })).toHaveLength(0),
    );
  });

  it('reads in English', async () => {
    openDashboard({
      language: 'en',
      routes: { 'GET /api/users/latest': apiError(503, 'database_unavailable', 'Unavailable') },
    });

    const welcome = await findCard('Welcome, kiwi!');
    expect(await within(welcome).findByText('Staff: Managers, Bénévoles')).toBeVisible();
    expect(within(welcome).getByText('Sep 1, 2024')).toBeVisible();
    expect(await within(card('Ranking')).findByText('No season under way')).toBeVisible();
    expect(await within(card('Latest members')).findByRole('alert')).toHaveTextContent(
      'Error while fetching the latest users.',
    );
  });
});
