import type { TeamDetail, User } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, buildUsers, listItemOf } from '@/test/fixtures';
import {
  apiError,
  type Handler,
  json,
  noContent,
  requestsTo,
  sentBody,
  type Routes,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });
const members = buildUsers(4);
const [ada, grace, linus] = members;

const lol = buildTeamDetail({
  name: 'Hiboux LoL',
  icon: 'swords',
  type: 'esport',
  game: 'leagueoflegends',
  roles: [
    { role: 'Joueurs', members: [ada!, grace!] },
    { role: 'Coachs', members: [linus!, ada!] },
  ],
});
const valorant = buildTeamDetail({
  name: 'Hiboux Valorant',
  icon: 'crosshair',
  type: 'esport',
  game: 'valorant',
});
const staff = buildTeamDetail({
  name: 'Staff',
  icon: 'briefcase',
  type: 'transversal',
  game: null,
  roles: [{ role: 'Managers', members: [grace!] }],
});
const allTeams = [lol, valorant, staff];

/** GET /api/users as the member search uses it: pseudos containing `q`. */
function searching(users: User[]): Handler {
  return (request) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    const found = users.filter((user) => user.pseudo.includes(q)).map(listItemOf);
    return Response.json({ items: found, next_cursor: null, total: found.length });
  };
}

/** Answers a write with the team it would make, as the server does. */
function savedAs(team: TeamDetail, status = 200): Handler {
  return () => Response.json(team, { status });
}

function openTeamsTab(
  { at = '/settings/organization?tab=teams', routes = {}, language = 'fr' } = {} as {
    at?: string;
    routes?: Routes;
    language?: 'fr' | 'en';
  },
) {
  return renderApp({
    at,
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/teams': json(allTeams.map(summaryOf)),
      'GET /api/users': searching(members),
      ...Object.fromEntries(allTeams.map((team) => [`GET /api/teams/${team._id}`, json(team)])),
      ...routes,
    },
  });
}

const table = () => screen.getByRole('table', { name: 'Liste des équipes' });
const rowNames = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

// The dialogs are filled in key by key, as an admin would: that takes more than the default 5 s.
describe('teams tab', { timeout: 20_000 }, () => {
  it('lists the teams with their type, game, number of roles and of members', async () => {
    openTeamsTab();

    await screen.findByRole('table', { name: 'Liste des équipes' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Équipe', 'Type', 'Jeu', 'Rôles', 'Membres', 'Actions']);
    const cells = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent);
    // Ada holds two roles of the LoL team: she counts once.
    expect(cells('Hiboux LoL')).toEqual(['Esport', 'League of Legends', '2', '3']);
    expect(cells('Hiboux Valorant')).toEqual(['Esport', 'Valorant', '0', '0']);
    expect(cells('Staff')).toEqual(['Transverse', '—Aucun jeu', '1', '1']);
  });

  it('filters by type and by game, in the address', async () => {
    const { user, currentLocation } = openTeamsTab();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Esport');
    expect(rowNames()).toEqual(['Hiboux LoL', 'Hiboux Valorant']);
    expect(currentLocation().search).toBe('?tab=teams&type=esport');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Jeu' }), 'Valorant');
    expect(rowNames()).toEqual(['Hiboux Valorant']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Transverse');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Aucune équipe ne correspond à ces filtres.')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Jeu' }), 'Tous les jeux');
    expect(rowNames()).toEqual(['Staff']);
    expect(currentLocation().search).toBe('?tab=teams&type=transversal');
  });

  it('reads its filters from the address', async () => {
    openTeamsTab({ at: '/settings/organization?tab=teams&game=leagueoflegends' });

    await screen.findByRole('table');
    expect(rowNames()).toEqual(['Hiboux LoL']);
    expect(screen.getByRole('combobox', { name: 'Jeu' })).toHaveValue('leagueoflegends');
  });

  it('says when there is no team yet, and when the teams cannot be loaded', async () => {
    openTeamsTab({ routes: { 'GET /api/teams': json([]) } });
    expect(
      await screen.findByText('Aucune équipe pour le moment : créez la première.'),
    ).toBeVisible();
  });

  it('shows error_fetch_data in a red box when the teams cannot be loaded', async () => {
    openTeamsTab({
      routes: { 'GET /api/teams': apiError(503, 'database_unavailable', 'Unavailable') },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des données.',
    );
  });

  it('creates a team with roles and members added before saving', async () => {
    const created = buildTeamDetail({ name: 'Hiboux Fortnite', roles: [] });
    const { user, fetchMock } = openTeamsTab({
      routes: { 'POST /api/teams': savedAs(created, 201) },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Créer une équipe' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer une équipe' });
    expect(within(dialog).getByText('Aucun rôle pour le moment.')).toBeVisible();

    await user.type(
      within(dialog).getByRole('textbox', { name: /Nom de l'équipe/ }),
      'Hiboux Fortnite',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Flamme' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'Esport');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Jeu/ }), 'Fortnite');

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un rôle' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un rôle' }));
    // A role is called a new role until it has a name, then by its name.
    const [first, second] = within(dialog).getAllByRole('group', { name: 'Nouveau rôle' });
    // A new role has no member yet.
    expect(within(first!).getByText('Aucun membre dans ce rôle.')).toBeVisible();
    await user.type(within(first!).getByRole('textbox', { name: /Nom du rôle/ }), 'Joueurs');
    await user.type(within(second!).getByRole('textbox', { name: /Nom du rôle/ }), 'Coachs');
    expect(within(dialog).getByRole('group', { name: 'Joueurs' })).toBe(first);
    expect(within(dialog).getByRole('group', { name: 'Coachs' })).toBe(second);

    await user.type(
      within(first!).getByRole('searchbox', { name: 'Ajouter un membre au rôle Joueurs' }),
      'member-0',
    );
    expect(await within(first!).findByText('Membres trouvés : 4')).toBeVisible();
    await user.click(
      within(first!).getByRole('button', { name: 'Ajouter member-02 au rôle Joueurs' }),
    );
    // One request for the whole search, not one per key.
    expect(requestsTo(fetchMock, 'GET', '/api/users')).toHaveLength(1);
    expect(
      Object.fromEntries(new URL(requestsTo(fetchMock, 'GET', '/api/users')[0]!.url).searchParams),
    ).toEqual({ q: 'member-0', limit: '50' });
    // Someone already in the role is not offered again.
    expect(within(first!).getByText('Membres trouvés : 3')).toBeVisible();
    expect(
      within(first!).getByRole('button', { name: 'Retirer member-02 du rôle Joueurs' }),
    ).toBeVisible();

    // The coaches manage the team: they plan its events.
    await user.click(
      within(second!).getByRole('checkbox', {
        name: "Les membres «\u00a0Coachs\u00a0» gèrent l'équipe\u00a0: ils créent ses événements et notent les présences",
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: "Créer l'équipe" }));

    expect(await sentBody(fetchMock, 'POST', '/api/teams')).toEqual({
      name: 'Hiboux Fortnite',
      icon: 'flame',
      type: 'esport',
      game: 'fortnite',
      // New roles carry no _id: their temporary keys stay in the browser.
      roles: [
        { role: 'Joueurs', members: [grace!._id], manages: false },
        { role: 'Coachs', members: [], manages: true },
      ],
    });
    expect(await screen.findByText("L'équipe Hiboux Fortnite a été créée.")).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list loads again, with the new team.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/teams')).toHaveLength(2));
  });

  it('says what is missing before sending anything', async () => {
    const { user, fetchMock } = openTeamsTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Créer une équipe' }));
    const dialog = screen.getByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: "Créer l'équipe" }));

    const name = within(dialog).getByRole('textbox', { name: /Nom de l'équipe/ });
    expect(name).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(name).toHaveFocus();
    expect(within(dialog).getByText('Choisissez une icône.')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: /Type/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // No game to choose until the team is an esport one; then it is required.
    expect(within(dialog).queryByRole('combobox', { name: /Jeu/ })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'Esport');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un rôle' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un rôle' }));
    const [first, second] = within(dialog).getAllByRole('group', { name: 'Nouveau rôle' });
    await user.type(within(first!).getByRole('textbox', { name: /Nom du rôle/ }), 'Joueurs');
    await user.type(within(second!).getByRole('textbox', { name: /Nom du rôle/ }), 'joueurs ');
    await user.click(within(dialog).getByRole('button', { name: "Créer l'équipe" }));

    expect(within(dialog).getByText("Choisissez le jeu d'une équipe esport.")).toBeVisible();
    expect(
      within(second!).getByRole('textbox', { name: /Nom du rôle/ }),
    ).toHaveAccessibleDescription("Ce rôle existe déjà dans l'équipe.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('clears the game of a team that becomes transversal', async () => {
    const { user, fetchMock } = openTeamsTab({
      routes: { [`PUT /api/teams/${valorant._id}`]: savedAs(valorant) },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: "Modifier l'équipe Hiboux Valorant" }));
    const dialog = screen.getByRole('dialog', { name: "Modifier l'équipe Hiboux Valorant" });
    expect(await within(dialog).findByRole('combobox', { name: /Jeu/ })).toHaveValue('valorant');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'Transverse');
    expect(within(dialog).queryByRole('combobox', { name: /Jeu/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'équipe" }));

    expect(await sentBody(fetchMock, 'PUT', `/api/teams/${valorant._id}`)).toMatchObject({
      type: 'transversal',
      game: null,
    });
  });

  it('edits a team, keeping the ids of the roles that stay', async () => {
    const { user, fetchMock } = openTeamsTab({
      routes: { [`PUT /api/teams/${lol._id}`]: savedAs(lol) },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: "Modifier l'équipe Hiboux LoL" }));
    const dialog = screen.getByRole('dialog', { name: "Modifier l'équipe Hiboux LoL" });
    expect(await within(dialog).findByRole('textbox', { name: /Nom de l'équipe/ })).toHaveValue(
      'Hiboux LoL',
    );
    expect(within(dialog).getByRole('radio', { name: 'Épées' })).toBeChecked();
    const players = within(dialog).getByRole('group', { name: 'Joueurs' });
    const coaches = within(dialog).getByRole('group', { name: 'Coachs' });
    expect(within(players).getByRole('textbox', { name: /Nom du rôle/ })).toHaveValue('Joueurs');

    await user.click(
      within(players).getByRole('button', { name: 'Retirer member-02 du rôle Joueurs' }),
    );
    await user.click(within(coaches).getByRole('button', { name: 'Supprimer le rôle Coachs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un rôle' }));
    const added = within(dialog).getByRole('group', { name: 'Nouveau rôle' });
    await user.type(within(added).getByRole('textbox', { name: /Nom du rôle/ }), 'Remplaçants');
    await user.clear(within(dialog).getByRole('textbox', { name: /Nom de l'équipe/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Nom de l'équipe/ }), 'Hiboux');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'équipe" }));

    expect(await sentBody(fetchMock, 'PUT', `/api/teams/${lol._id}`)).toEqual({
      name: 'Hiboux',
      icon: 'swords',
      type: 'esport',
      game: 'leagueoflegends',
      roles: [
        { _id: lol.roles[0]!._id, role: 'Joueurs', members: [ada!._id], manages: false },
        { role: 'Remplaçants', members: [], manages: false },
      ],
    });
    expect(await screen.findByText("L'équipe Hiboux LoL a été mise à jour.")).toBeVisible();
  });

  it('shows error_fetch_data in the dialog when the team cannot be loaded', async () => {
    const { user } = openTeamsTab({
      routes: { [`GET /api/teams/${lol._id}`]: apiError(404, 'team_not_found', 'No team') },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: "Modifier l'équipe Hiboux LoL" }));

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des données.',
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows error_update_team in a red box, and the server’s findings on the fields', async () => {
    const { user } = openTeamsTab({
      routes: {
        [`PUT /api/teams/${staff._id}`]: apiError(400, 'validation_failed', 'Invalid body', [
          {
            path: 'body.roles.0.members.0',
            message: `no member has the id ${grace!._id}`,
            code: 'unknown_reference',
          },
        ]),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: "Modifier l'équipe Staff" }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('group', { name: 'Managers' });

    await user.click(within(dialog).getByRole('button', { name: "Enregistrer l'équipe" }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Erreur lors de la mise à jour de l'équipe\. Certaines valeurs ne sont pas acceptées\s: vérifiez les champs signalés\.$/,
    );
    expect(
      within(dialog).getByText(/^Cet élément n'existe plus\s: rechargez la page\.$/),
    ).toBeVisible();
    expect(dialog).not.toHaveTextContent(/no member has the id|Invalid body/);
    // The dialog stays open with what was typed.
    expect(within(dialog).getByRole('textbox', { name: /Nom de l'équipe/ })).toHaveValue('Staff');
  });

  it('deletes a team after confirmation', async () => {
    const { user, fetchMock } = openTeamsTab({
      routes: { [`DELETE /api/teams/${staff._id}`]: noContent },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: "Supprimer l'équipe Staff" }));
    const confirm = screen.getByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir supprimer cette équipe ?',
    });
    expect(confirm).toHaveAccessibleDescription(/L'équipe Staff sera supprimée/);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText("L'équipe Staff a été supprimée.")).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', `/api/teams/${staff._id}`)).toHaveLength(1);
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/teams')).toHaveLength(2));
  });

  it('deletes nothing when the admin cancels, and says when a delete fails', async () => {
    const { user, fetchMock } = openTeamsTab({
      routes: {
        [`DELETE /api/teams/${lol._id}`]: apiError(404, 'team_not_found', 'No team has this id'),
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: "Supprimer l'équipe Staff" }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: "Supprimer l'équipe Hiboux LoL" }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Échec de la suppression de l'équipe.")).toBeVisible();
    expect(
      screen.getByText(/^Équipe introuvable\s: elle a peut-être été supprimée\.$/),
    ).toBeVisible();
  });

  it.each([
    {
      language: 'fr',
      edit: "Modifier l'équipe Hiboux LoL",
      name: /Nom de l'équipe/,
      save: "Enregistrer l'équipe",
      newRole: 'Nouveau rôle',
      addRole: 'Ajouter un rôle',
      taken: 'Une autre équipe porte déjà ce nom (sans compter majuscules et accents).',
    },
    {
      language: 'en',
      edit: 'Edit the team Hiboux LoL',
      name: /Team name/,
      save: 'Save the team',
      newRole: 'New role',
      addRole: 'Add a role',
      taken: 'Another team already has this name (ignoring capitals and accents).',
    },
  ] as const)(
    'says on the name field that another team has the name ($language), and names roles',
    async ({ language, edit, name, save, newRole, addRole, taken }) => {
      const { user } = openTeamsTab({
        language,
        routes: {
          [`PUT /api/teams/${lol._id}`]: apiError(
            409,
            'team_name_taken',
            'Another team has this name',
          ),
        },
      });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: edit }));
      const dialog = screen.getByRole('dialog');
      expect(await within(dialog).findByRole('group', { name: 'Joueurs' })).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: addRole }));
      expect(within(dialog).getByRole('group', { name: newRole })).toBeVisible();
      await user.type(
        within(within(dialog).getByRole('group', { name: newRole })).getByRole('textbox'),
        'Analystes',
      );
      expect(within(dialog).getByRole('group', { name: 'Analystes' })).toBeVisible();

      const field = within(dialog).getByRole('textbox', { name });
      await user.clear(field);
      await user.type(field, 'hiboux valorant');
      await user.click(within(dialog).getByRole('button', { name: save }));

      await waitFor(() => expect(field).toHaveAccessibleDescription(taken));
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      // The server's English sentence is not shown.
      expect(within(dialog).queryByText(/Another team has this name$/)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    },
  );
});
