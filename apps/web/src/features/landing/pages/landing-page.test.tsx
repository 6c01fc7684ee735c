import { AUTH_ERRORS, LANGUAGES } from '@guildhall/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadedMessages, loadLanguage } from '@/i18n/i18n';
import { LANGUAGE_STORAGE_KEY, startLanguage } from '@/i18n/language';
import { buildOrganization, buildSessionUser } from '@/test/fixtures';
import { apiError, json, neverAnswers, requestsTo } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe("the landing page's language", () => {
  /** Opens the landing page as main.tsx starts the app: in its start language, texts loaded. */
  async function openAsTheAppStarts() {
    const language = startLanguage();
    await loadLanguage(language);
    return renderApp({ language });
  }

  it("is the browser's until the visitor chooses; then the choice wins", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    const { user } = await openAsTheAppStarts();
    expect(await screen.findByRole('heading', { name: 'Member administration' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Switch to French' }));
    expect(
      await screen.findByRole('heading', { name: 'Gestion administrative des membres' }),
    ).toBeVisible();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    cleanup();

    // The next visit, the same English browser: French, as chosen.
    await openAsTheAppStarts();
    expect(
      await screen.findByRole('heading', { name: 'Gestion administrative des membres' }),
    ).toBeVisible();
  });

  it('is French for a browser asking for no language the portal speaks', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'es']);
    await openAsTheAppStarts();
    expect(
      await screen.findByRole('heading', { name: 'Gestion administrative des membres' }),
    ).toBeVisible();
  });
});

describe('landing page', () => {
  it('presents the organisation and what the portal offers', async () => {
    renderApp({
      routes: {
        'GET /api/organization': json(buildOrganization({ logo: '/api/organization/logo' })),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Les Hiboux Esport' }),
    ).toBeVisible();
    expect(document.querySelector('img[src="/api/organization/logo"]')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Gestion administrative des membres' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Gestion des équipes' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Récompenser la performance' })).toBeVisible();
  });

  it('shows no picture when the organisation has no logo', async () => {
    renderApp({ routes: { 'GET /api/organization': json(buildOrganization({ logo: null })) } });

    await screen.findByRole('heading', { level: 1, name: 'Les Hiboux Esport' });
    expect(document.querySelector('main img')).not.toBeInTheDocument();
  });

  it('says it is loading while the organisation loads', async () => {
    renderApp({ routes: { 'GET /api/organization': neverAnswers }, language: 'en' });

    expect(await screen.findByText('Loading...')).toBeVisible();
  });

  it('says in French why the organisation could not be loaded, and keeps a heading', async () => {
    renderApp({
      routes: {
        'GET /api/organization': apiError(503, 'database_unavailable', 'Database unavailable'),
      },
    });

    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      /^Impossible d'afficher l'organisation\s: Le service est momentanément indisponible\s: réessayez dans un instant\.$/,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Notre organisation' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Se connecter avec Discord' })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/Database unavailable/);
  });

  it.each([
    [
      'fr',
      /^Impossible d'afficher l'organisation\s: Le serveur a répondu de façon inattendue \(HTTP 500\)\s: réessayez dans un instant\.$/,
      'Notre organisation',
    ],
    [
      'en',
      /^The organisation cannot be shown: The server answered unexpectedly \(HTTP 500\): try again in a moment\.$/,
      'Our organisation',
    ],
  ] as const)(
    'explains in %s a server error without a body, instead of "HTTP 500 Internal Server Error"',
    async (language, text, heading) => {
      renderApp({
        language,
        routes: {
          'GET /api/organization': () =>
            new Response('<h1>oops</h1>', { status: 500, statusText: 'Internal Server Error' }),
        },
      });

      expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(text);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(document.body).not.toHaveTextContent(/Internal Server Error/);
    },
  );

  it('offers Discord sign-in as a link that leaves the application', async () => {
    renderApp();

    expect(await screen.findByRole('link', { name: 'Se connecter avec Discord' })).toHaveAttribute(
      'href',
      '/auth/discord',
    );
  });

  it('offers only the ways of signing in the server has', async () => {
    renderApp({
      routes: {
        'GET /auth/methods': json({
          discord: true,
          local: false,
          twitch: false,
          twitter: false,
          riot: false,
        }),
      },
    });

    await screen.findByRole('link', { name: 'Se connecter avec Discord' });
    expect(screen.queryByLabelText('Pseudo')).not.toBeInTheDocument();
  });

  it.each(
    AUTH_ERRORS.flatMap((reason) => LANGUAGES.map((language) => [reason, language] as const)),
  )('explains a failed Discord sign-in (%s, in %s)', async (reason, language) => {
    renderApp({ at: `/?auth_error=${reason}`, language });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(loadedMessages(language)?.landing.auth_errors[reason]);
  });

  it('still explains a failed sign-in whose reason it does not know', async () => {
    renderApp({ at: '/?auth_error=something_new' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La connexion a échoué. Veuillez réessayer.',
    );
  });

  it('tells a visitor outside the Discord server why they cannot sign in', async () => {
    renderApp({ at: '/?auth_error=not_guild_member' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Seuls les membres du serveur Discord de l'organisation peuvent se connecter.",
    );
  });

  it('signs in locally by pseudo and opens the dashboard', async () => {
    const { user, fetchMock, currentLocation } = renderApp({
      routes: { 'POST /auth/local': json(buildSessionUser({ pseudo: 'kiwi' })) },
    });

    await user.type(await screen.findByLabelText('Pseudo'), '  kiwi ');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText('Bienvenue, kiwi !')).toBeVisible();
    expect(currentLocation().pathname).toBe('/dashboard');
    const [signIn] = requestsTo(fetchMock, 'POST', '/auth/local');
    expect(signIn?.headers.get('Content-Type')).toBe('application/json');
    expect(await signIn?.json()).toEqual({ pseudo: 'kiwi' });
  });

  it('says in French why the server refused the pseudo', async () => {
    const { user } = renderApp({
      routes: {
        'POST /auth/local': apiError(
          400,
          'validation_failed',
          'pseudo: must not contain control characters',
        ),
      },
    });

    const field = await screen.findByLabelText('Pseudo');
    await user.type(field, 'kiwi{Enter}');

    const reason = 'Le pseudo doit contenir entre 2 et 32 caractères, sans caractère de contrôle.';
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(`${reason}$`));
    expect(document.body).not.toHaveTextContent(/must not contain/);
  });

  it('does not blame the pseudo when the server is busy', async () => {
    const { user } = renderApp({
      routes: { 'POST /auth/local': apiError(429, 'rate_limited', 'Too many requests') },
    });

    const field = await screen.findByLabelText('Pseudo');
    await user.type(field, 'kiwi{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de requêtes : réessayez dans un instant.',
    );
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('explains, in the reader’s language, a pseudo that imitates a member’s', async () => {
    const { user } = renderApp({
      routes: {
        'POST /auth/local': apiError(409, 'pseudo_look_alike', 'This pseudo looks like another'),
      },
    });

    const field = await screen.findByLabelText('Pseudo');
    await user.type(field, 'V0rtex{Enter}');

    const message = "Ce pseudo ressemble trop à celui d'un autre membre";
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(message));
  });

  it('asks for a pseudo of the right length before asking the server', async () => {
    const { user, fetchMock } = renderApp();

    await user.type(await screen.findByLabelText('Pseudo'), 'k{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le pseudo doit contenir entre 2 et 32 caractères, sans caractère de contrôle.',
    );
    expect(requestsTo(fetchMock, 'POST', '/auth/local')).toHaveLength(0);
  });

  it('explains when no way of signing in is available', async () => {
    renderApp({
      routes: {
        'GET /auth/methods': json({
          discord: false,
          local: false,
          twitch: false,
          twitter: false,
          riot: false,
        }),
      },
    });

    expect(
      await screen.findByText("Aucun moyen de connexion n'est disponible pour le moment."),
    ).toBeVisible();
  });

  it('shows why the ways of signing in could not be loaded', async () => {
    renderApp({
      routes: { 'GET /auth/methods': apiError(429, 'rate_limited', 'Too many requests') },
    });

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Erreur\s: Trop de requêtes : réessayez dans un instant\.$/,
      ),
    );
  });

  it('lets a visitor read it in English', async () => {
    const { user } = renderApp();
    await screen.findByRole('heading', { name: "Connexion à l'espace membres" });

    await user.click(screen.getByRole('button', { name: 'Passer en anglais' }));

    expect(screen.getByRole('heading', { name: "Sign in to the members' area" })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Team management' })).toBeVisible();
  });
});
