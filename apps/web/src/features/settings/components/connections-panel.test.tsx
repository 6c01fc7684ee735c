import { type AuthMethods, type SessionUser, type User, userSchema } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, type Handler, json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const ME = '65f1c0ffee00000000000001';
const USER_PATH = `/api/users/${ME}`;

const me = buildSessionUser({
  _id: ME,
  leagueoflegends_login: ['Hibou#EUW'],
  valorant_login: ['owl'],
  fortnite_login: [],
  twitter_login: 'hiboux_tw',
  twitch_login: null,
  discord_tag: 'hibou#0001',
});

/** The server's answer: the member with the body applied, as PUT /api/users/{id} does. */
const applyingTheBody =
  (member: SessionUser): Handler =>
  async (request) => {
    const body = (await request.json()) as Partial<User>;
    return Response.json({ ...userSchema.parse(member), ...body });
  };

async function openConnections({
  routes = {},
  methods,
  at = '/settings/profile?tab=connections',
}: {
  routes?: Routes;
  methods?: Partial<AuthMethods>;
  at?: string;
} = {}) {
  const rendered = renderApp({
    at,
    routes: {
      'GET /api/session': signedIn(me),
      'GET /auth/methods': json({
        discord: true,
        local: true,
        twitch: true,
        twitter: true,
        riot: false,
        ...methods,
      }),
      [`PUT ${USER_PATH}`]: applyingTheBody(me),
      ...routes,
    },
  });
  await screen.findByRole('heading', { name: 'Comptes de jeu' });
  return rendered;
}

const gameCard = (game: string) => screen.getByRole('region', { name: game });

async function lastPutBody(fetchMock: ReturnType<typeof renderApp>['fetchMock']) {
  const puts = requestsTo(fetchMock, 'PUT', USER_PATH);
  return puts.at(-1)?.json();
}

describe('account settings: game logins', () => {
  it('lists the logins of each game', async () => {
    await openConnections();

    expect(within(gameCard('League of Legends')).getByText('Hibou#EUW')).toBeVisible();
    expect(within(gameCard('Valorant')).getByText('owl')).toBeVisible();
    expect(within(gameCard('Fortnite')).getByText('Aucun pseudo renseigné.')).toBeVisible();
  });

  it('adds a login through the pencil, with the submit disabled while empty', async () => {
    const { user, fetchMock } = await openConnections();
    const card = gameCard('Valorant');
    const pencil = within(card).getByRole('button', { name: 'Ajouter un pseudo Valorant' });
    expect(pencil).toHaveAttribute('aria-expanded', 'false');

    await user.click(pencil);

    expect(pencil).toHaveAttribute('aria-expanded', 'true');
    const input = within(card).getByRole('textbox', { name: 'Nouveau pseudo Valorant' });
    expect(input).toHaveFocus();
    const add = within(card).getByRole('button', { name: 'Ajouter' });
    expect(add).toBeDisabled();
    await user.type(input, '   ');
    expect(add).toBeDisabled();

    await user.type(input, ' owl-two{Enter}');

    expect(await screen.findByText('Profil mis à jour avec succès !')).toBeVisible();
    expect(await lastPutBody(fetchMock)).toEqual({ valorant_login: ['owl', 'owl-two'] });
    expect(within(card).getByText('owl-two')).toBeVisible();
    expect(input).toHaveValue('');
  });

  it('asks League of Legends for a Riot ID before sending anything', async () => {
    const { user, fetchMock } = await openConnections();
    const card = gameCard('League of Legends');
    await user.click(within(card).getByRole('button', { name: /Ajouter un pseudo/ }));
    const input = within(card).getByRole('textbox', { name: 'Nouveau pseudo League of Legends' });

    await user.type(input, 'Hibou');
    await user.click(within(card).getByRole('button', { name: 'Ajouter' }));

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Saisissez un Riot ID de la forme nomDeJeu#tag/);
    expect(requestsTo(fetchMock, 'PUT', USER_PATH)).toHaveLength(0);

    await user.type(input, '#EUW2{Enter}');

    expect(await within(card).findByText('Hibou#EUW2')).toBeVisible();
    expect(await lastPutBody(fetchMock)).toEqual({
      leagueoflegends_login: ['Hibou#EUW', 'Hibou#EUW2'],
    });
  });

  it('refuses a login already listed, whatever its case', async () => {
    const { user, fetchMock } = await openConnections();
    const card = gameCard('Valorant');
    await user.click(within(card).getByRole('button', { name: /Ajouter un pseudo/ }));

    await user.type(within(card).getByRole('textbox'), 'OWL{Enter}');

    expect(within(card).getByRole('textbox')).toHaveAccessibleDescription(
      'Ce pseudo est déjà dans la liste.',
    );
    expect(requestsTo(fetchMock, 'PUT', USER_PATH)).toHaveLength(0);
  });

  it('removes a login', async () => {
    const { user, fetchMock } = await openConnections();
    const card = gameCard('League of Legends');

    await user.click(within(card).getByRole('button', { name: 'Retirer Hibou#EUW' }));

    expect(await within(card).findByText('Aucun pseudo renseigné.')).toBeVisible();
    expect(await lastPutBody(fetchMock)).toEqual({ leagueoflegends_login: [] });
    expect(within(card).getByRole('button', { name: /Ajouter un pseudo/ })).toHaveFocus();
  });

  it('names the game when a change fails', async () => {
    const { user } = await openConnections({
      routes: {
        [`PUT ${USER_PATH}`]: apiError(503, 'database_unavailable', 'Database unavailable'),
      },
    });

    await user.click(screen.getByRole('button', { name: 'Retirer owl' }));

    expect(
      await screen.findByText('Échec de la mise à jour de votre compte Valorant.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        /^Le service est momentanément indisponible\s: réessayez dans un instant\.$/,
      ),
    ).toBeVisible();
    expect(within(gameCard('Valorant')).getByText('owl')).toBeVisible();
  });
});

describe('account settings: social accounts', () => {
  const row = (provider: string) =>
    screen.getByText(provider, { selector: 'span' }).closest('li') as HTMLElement;

  it('shows each account, or that it is not connected', async () => {
    await openConnections();

    expect(within(row('Twitter')).getByText('hiboux_tw')).toBeVisible();
    expect(within(row('Twitch')).getByText('Non connecté')).toBeVisible();
    expect(within(row('Discord')).getByText('hibou#0001')).toBeVisible();
    expect(within(row('Discord')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Discord')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links an account by leaving for the server', async () => {
    await openConnections();

    expect(await screen.findByRole('link', { name: 'Connecter Twitch' })).toHaveAttribute(
      'href',
      '/auth/twitch',
    );
  });

  it('explains that a provider cannot be linked on this server', async () => {
    await openConnections({ methods: { twitch: false } });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Connecter Twitch' })).toHaveAccessibleDescription(
        "La connexion d'un compte Twitch n'est pas disponible sur ce serveur.",
      ),
    );
    expect(screen.getByRole('button', { name: 'Connecter Twitch' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Connecter Twitch' })).not.toBeInTheDocument();
  });

  it('disconnects an account once confirmed', async () => {
    const { user, fetchMock } = await openConnections();

    await user.click(screen.getByRole('button', { name: 'Déconnecter Twitter' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir vous déconnecter de Twitter ?',
    });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Déconnecter' }));

    expect(await screen.findByText('Profil mis à jour avec succès !')).toBeVisible();
    expect(await lastPutBody(fetchMock)).toEqual({ twitter_login: null });
    expect(within(row('Twitter')).getByText('Non connecté')).toBeVisible();
  });

  it('keeps the account when the member cancels', async () => {
    const { user, fetchMock } = await openConnections();

    await user.click(screen.getByRole('button', { name: 'Déconnecter Twitter' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Déconnecter Twitter' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT', USER_PATH)).toHaveLength(0);
  });

  it('names the provider when disconnecting fails', async () => {
    const { user } = await openConnections({
      routes: { [`PUT ${USER_PATH}`]: apiError(403, 'forbidden', 'Not allowed') },
    });

    await user.click(screen.getByRole('button', { name: 'Déconnecter Twitter' }));
    await user.click(screen.getByRole('button', { name: 'Déconnecter' }));

    expect(
      await screen.findByText('Échec de la mise à jour de votre compte Twitter.'),
    ).toBeVisible();
  });
});

describe('account settings: coming back from linking', () => {
  it('says the account is linked, then cleans the address', async () => {
    const { currentLocation } = await openConnections({
      at: '/settings/profile?tab=connections&linked=twitch',
    });

    expect(await screen.findByText('Votre compte Twitch est maintenant connecté.')).toBeVisible();
    await waitFor(() => expect(currentLocation().search).toBe('?tab=connections'));
    expect(screen.getByRole('tab', { name: 'Connexions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it.each([
    ['already_linked', 'Ce compte Twitch est déjà lié à un autre membre.'],
    [
      'access_denied',
      "Vous avez refusé l'autorisation sur Twitch : votre compte n'a pas été connecté.",
    ],
    ['provider_unavailable', "Twitch n'a pas répondu. Veuillez réessayer plus tard."],
    ['something_new', 'La connexion de votre compte Twitch a échoué.'],
  ])('explains a failed link (%s)', async (reason, message) => {
    const { currentLocation } = await openConnections({
      at: `/settings/profile?tab=connections&link_error=${reason}&provider=twitch`,
    });

    expect(await screen.findByText(message)).toBeVisible();
    await waitFor(() => expect(currentLocation().search).toBe('?tab=connections'));
  });
});
