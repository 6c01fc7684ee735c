import type { User } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUser } from '@/test/fixtures';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';
import {
  apiError,
  type Handler,
  json,
  neverAnswers,
  requestsTo,
  type Routes,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const MEMBER_ID = '65f1c0ffee00000000000042';
const MEMBER_PATH = `/api/users/${MEMBER_ID}`;
const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const member = buildUser({
  _id: MEMBER_ID,
  pseudo: 'owl',
  surname: 'Grace',
  name: 'Hopper',
  birthday: '1986-12-09',
  email: 'grace@example.org',
  town: 'New York',
  team: 'Navy',
  role: 'guest',
  adhesion: false,
  leagueoflegends_login: ['Owl#EUW'],
  valorant_login: ['owl'],
  fortnite_login: [],
});

const roster = buildTeamDetail({
  name: 'Les Hiboux LoL',
  roles: [
    { role: 'Joueurs', members: [] },
    { role: 'Coachs', members: [member] },
  ],
});
const [players, coaches] = roster.roles as [
  (typeof roster.roles)[number],
  (typeof roster.roles)[number],
];
const MEMBERSHIP_PATH = '/api/users/membership';

/** The server's answer to the edit form: the member with the body applied. */
const applyingTheBody: Handler = async (request) => {
  const body = (await request.json()) as Partial<User>;
  return Response.json({ ...member, ...body });
};

async function openEdit(routes: Routes = {}) {
  const rendered = renderApp({
    at: `/users/modify/${MEMBER_ID}`,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/roles': json(allRoles),
      [`GET ${MEMBER_PATH}`]: json(member),
      [`PUT ${MEMBER_PATH}`]: applyingTheBody,
      'GET /api/teams': json([summaryOf(roster)]),
      [`POST ${MEMBERSHIP_PATH}`]: json({ members: 1, changed: 1 }),
      ...routes,
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Modifier le profil de owl' });
  return rendered;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const roleSelect = () => screen.getByRole('combobox', { name: 'Rôle' });
const game = (name: string) => screen.getByRole('group', { name });
/** The roles arrive on their own, after the member. */
const rolesLoaded = () => screen.findByRole('option', { name: 'Administrateur' });

describe('edit member', () => {
  it('says it is loading until the member arrives', async () => {
    renderApp({
      at: `/users/modify/${MEMBER_ID}`,
      routes: { 'GET /api/session': signedIn(admin), [`GET ${MEMBER_PATH}`]: neverAnswers },
    });

    expect(await screen.findByRole('status')).toHaveTextContent('Chargement...');
  });

  it('fills the form with the member, required fields marked', async () => {
    await openEdit();

    expect(field('Nom')).toHaveValue('Hopper');
    expect(field('Pseudo')).toHaveValue('owl');
    expect(screen.getByLabelText(/Date de naissance/)).toHaveValue('1986-12-09');
    for (const required of ['Nom', 'Prénom', 'Pseudo', 'E-mail']) {
      expect(field(required)).toBeRequired();
    }
    // The free-text team is gone: the member's real teams have a section of their own.
    expect(screen.queryByRole('textbox', { name: 'Équipe' })).not.toBeInTheDocument();
    expect(roleSelect()).toHaveValue('guest');
    expect(screen.getByRole('checkbox', { name: 'Adhésion active' })).not.toBeChecked();
    expect(within(game('League of Legends')).getByText('Owl#EUW')).toBeVisible();
  });

  it('offers the roles of /api/roles', async () => {
    await openEdit();
    await rolesLoaded();

    const options = within(roleSelect()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Administrateur',
      'Membre',
      'Invité',
      'Nouvel inscrit',
    ]);
    expect(roleSelect()).toHaveValue('guest');
  });

  it("saves a newcomer's role and adhesion on their own, its profile empty", async () => {
    const newcomer = buildUser({
      _id: MEMBER_ID,
      pseudo: 'owl',
      name: null,
      surname: null,
      birthday: null,
      email: null,
      role: 'invited',
      adhesion: false,
    });
    const { user, fetchMock } = await openEdit({ [`GET ${MEMBER_PATH}`]: json(newcomer) });
    await rolesLoaded();

    await user.selectOptions(roleSelect(), 'Membre');
    await user.click(screen.getByRole('checkbox', { name: 'Adhésion active' }));
    await user.click(screen.getByRole('button', { name: "Enregistrer le rôle et l'adhésion" }));

    expect(
      await screen.findByText("Le rôle et l'adhésion de owl ont été mis à jour."),
    ).toBeVisible();
    const [post] = requestsTo(fetchMock, 'POST', MEMBERSHIP_PATH);
    expect(await post?.json()).toEqual({
      members: { ids: [MEMBER_ID] },
      role: 'user',
      adhesion: true,
    });
    expect(requestsTo(fetchMock, 'PUT', MEMBER_PATH)).toHaveLength(0);
  });

  it('says so, and sends nothing, when neither the role nor the adhesion changed', async () => {
    const { user, fetchMock } = await openEdit();

    await user.click(screen.getByRole('button', { name: "Enregistrer le rôle et l'adhésion" }));

    expect(roleSelect()).toHaveAccessibleDescription(/Rien n'a changé/);
    expect(requestsTo(fetchMock, 'POST', MEMBERSHIP_PATH)).toHaveLength(0);
  });

  it("lists the member's team roles and takes one back once confirmed", async () => {
    const { user, fetchMock } = await openEdit();

    const teams = screen.getByRole('region', { name: 'Équipes' });
    expect(await within(teams).findByRole('listitem')).toHaveTextContent(
      /^Les Hiboux LoL · Coachs/,
    );
    await user.click(
      within(teams).getByRole('button', { name: 'Retirer Les Hiboux LoL · Coachs' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Retirer owl du rôle Coachs de Les Hiboux LoL ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));

    expect(await screen.findByText("owl n'est plus Coachs de Les Hiboux LoL.")).toBeVisible();
    const [post] = requestsTo(fetchMock, 'POST', MEMBERSHIP_PATH);
    expect(await post?.json()).toEqual({
      members: { ids: [MEMBER_ID] },
      remove_team_roles: [coaches._id],
    });
  });

  it('adds the member to a team role picked from the real teams', async () => {
    const { user, fetchMock } = await openEdit();
    const teams = screen.getByRole('region', { name: 'Équipes' });
    const add = await within(teams).findByRole('button', { name: "Ajouter à l'équipe" });
    expect(add).toBeDisabled();

    await user.selectOptions(
      within(teams).getByRole('combobox', { name: 'Équipe' }),
      'Les Hiboux LoL',
    );
    const roles = within(teams).getByRole('combobox', { name: "Rôle dans l'équipe" });
    // A role the member holds already is not offered again.
    expect(
      within(roles)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir un rôle', 'Joueurs']);
    await user.selectOptions(roles, 'Joueurs');
    await user.click(add);

    expect(await screen.findByText('owl a rejoint Les Hiboux LoL comme Joueurs.')).toBeVisible();
    const [post] = requestsTo(fetchMock, 'POST', MEMBERSHIP_PATH);
    expect(await post?.json()).toEqual({
      members: { ids: [MEMBER_ID] },
      add_team_roles: [players._id],
    });
  });

  it('ignores Add while the box is empty, and clears the box once added', async () => {
    const { user } = await openEdit();
    const valorant = game('Valorant');
    const box = within(valorant).getByRole('textbox', { name: 'Pseudo Valorant à ajouter' });

    await user.click(within(valorant).getByRole('button', { name: 'Ajouter' }));
    await user.type(box, '   ');
    await user.click(within(valorant).getByRole('button', { name: 'Ajouter' }));
    expect(within(valorant).getAllByRole('listitem')).toHaveLength(1);

    await user.clear(box);
    await user.type(box, 'owl-two');
    await user.click(within(valorant).getByRole('button', { name: 'Ajouter' }));

    expect(within(valorant).getByText('owl-two')).toBeVisible();
    expect(within(valorant).getAllByRole('listitem')).toHaveLength(2);
    expect(box).toHaveValue('');
  });

  it('asks for a Riot ID in the League box', async () => {
    const { user } = await openEdit();
    const league = game('League of Legends');
    const box = within(league).getByRole('textbox');

    await user.type(box, 'Hoot{Enter}');

    expect(box).toHaveAccessibleDescription(/Saisissez un Riot ID/);
    expect(within(league).queryByText('Hoot')).not.toBeInTheDocument();
  });

  it('removes a username', async () => {
    const { user } = await openEdit();
    const league = game('League of Legends');

    await user.click(within(league).getByRole('button', { name: 'Retirer Owl#EUW' }));

    expect(within(league).getByText('Aucun pseudo.')).toBeVisible();
  });

  it('cancels back to the values last loaded', async () => {
    const { user } = await openEdit();
    await rolesLoaded();

    await user.clear(field('Nom'));
    await user.type(field('Nom'), 'Lovelace');
    await user.click(within(game('Valorant')).getByRole('button', { name: 'Retirer owl' }));
    await user.type(within(game('Fortnite')).getByRole('textbox'), 'typed-not-added');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(field('Nom')).toHaveValue('Hopper');
    expect(within(game('Valorant')).getByText('owl')).toBeVisible();
    expect(within(game('Fortnite')).getByRole('textbox')).toHaveValue('');
  });

  it('saves the whole profile, then cancels back to the values saved', async () => {
    const { user, fetchMock } = await openEdit();

    await user.type(within(game('Fortnite')).getByRole('textbox'), 'owl_fn{Enter}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Le profil de owl a été mis à jour.')).toBeVisible();
    const [put] = requestsTo(fetchMock, 'PUT', MEMBER_PATH);
    expect(await put?.json()).toEqual({
      name: 'Hopper',
      surname: 'Grace',
      pseudo: 'owl',
      birthday: '1986-12-09',
      email: 'grace@example.org',
      address: '',
      zip_code: '',
      town: 'New York',
      country: 'France',
      role: 'guest',
      leagueoflegends_login: ['Owl#EUW'],
      valorant_login: ['owl'],
      fortnite_login: ['owl_fn'],
    });

    await user.clear(field('Nom'));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(field('Nom')).toHaveValue('Hopper');
    expect(within(game('Fortnite')).getByText('owl_fn')).toBeVisible();
  });

  it('checks the required fields before saving', async () => {
    const { user, fetchMock } = await openEdit();

    await user.clear(field('Prénom'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(field('Prénom')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(field('Prénom')).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT', MEMBER_PATH)).toHaveLength(0);
  });

  it('explains that the last admin cannot be demoted', async () => {
    const { user } = await openEdit({
      [`POST ${MEMBERSHIP_PATH}`]: apiError(409, 'last_admin', 'The last admin cannot be demoted'),
    });
    await rolesLoaded();

    await user.selectOptions(roleSelect(), 'Membre');
    await user.click(screen.getByRole('button', { name: "Enregistrer le rôle et l'adhésion" }));

    expect(
      await screen.findByText("Échec de l'enregistrement du rôle et de l'adhésion."),
    ).toBeVisible();
    await waitFor(() =>
      expect(roleSelect()).toHaveAccessibleDescription(
        'Le dernier administrateur ne peut être ni supprimé ni rétrogradé.',
      ),
    );
  });

  it('shows the complaints of the server on their fields', async () => {
    const { user } = await openEdit({
      [`PUT ${MEMBER_PATH}`]: apiError(400, 'validation_failed', 'Invalid request', [
        {
          path: 'body.valorant_login.0',
          message: 'Too big: expected string to have <=64 characters',
          code: 'too_big',
          params: { maximum: 64, origin: 'string', inclusive: true },
        },
      ]),
    });

    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    await waitFor(() =>
      expect(within(game('Valorant')).getByRole('textbox')).toHaveAccessibleDescription(
        /^64\scaractères au plus\.$/,
      ),
    );
    expect(
      await screen.findByText(
        /Certaines valeurs ne sont pas acceptées\s: vérifiez les champs signalés\./,
      ),
    ).toBeVisible();
    expect(document.body).not.toHaveTextContent(/Invalid request|Too big/);
  });

  it('says when the member could not be loaded', async () => {
    renderApp({
      at: `/users/modify/${MEMBER_ID}`,
      routes: {
        'GET /api/session': signedIn(admin),
        [`GET ${MEMBER_PATH}`]: apiError(404, 'user_not_found', 'No such user'),
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des informations utilisateur. Utilisateur introuvable',
    );
  });

  it('says when the roles could not be loaded', async () => {
    await openEdit({ 'GET /api/roles': apiError(503, 'database_unavailable', 'Down') });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des rôles.',
    );
    // The member's own role stays selectable.
    expect(roleSelect()).toHaveValue('guest');
  });

  it('is titled in English', async () => {
    renderApp({
      at: `/users/modify/${MEMBER_ID}`,
      language: 'en',
      routes: {
        'GET /api/session': signedIn(admin),
        'GET /api/roles': json(allRoles),
        'GET /api/teams': json([summaryOf(roster)]),
        [`GET ${MEMBER_PATH}`]: json(member),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Modify profile of owl' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save role and membership' })).toBeVisible();
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(await within(teams).findByRole('listitem')).toHaveTextContent(
      'Les Hiboux LoL · CoachsRemove',
    );
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  });
});
