import type { MemberPasswordEntry } from '@guildhall/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const member = buildSessionUser({ password_count: 2 });

/** An entry as a member gets it: without access rules. */
function buildEntry(overrides: Partial<MemberPasswordEntry> = {}): MemberPasswordEntry {
  return {
    _id: '5ec000000000000000000001',
    network: 'Twitch',
    account: 'hiboux',
    updated_at: '2025-01-10T10:00:00.000Z',
    password_changed_at: '2025-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const twitch = buildEntry();
const twitter = buildEntry({
  _id: '5ec000000000000000000002',
  network: 'Twitter',
  account: 'hiboux_esport',
});

function openPasswords(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  const rendered = renderApp({
    at: '/passwords',
    language,
    routes: {
      'GET /api/session': signedIn(member),
      'GET /api/password': json([twitch, twitter]),
      [`POST /api/password/${twitch._id}/reveal`]: json({ password: 'hunter2' }),
      ...routes,
    },
  });
  // user-event stands a clipboard in for the browser's; the test watches what is written to it.
  const writeText = vi.spyOn(navigator.clipboard, 'writeText');
  return { ...rendered, writeText };
}

const table = () => screen.getByRole('table', { name: 'Liste des mots de passe' });
const copyTwitch = () =>
  screen.getByRole('button', { name: 'Copier le mot de passe de Twitch (hiboux)' });
const iconOf = (button: HTMLElement) => button.querySelector('svg')?.dataset.icon;

afterEach(() => {
  vi.useRealTimers();
});

describe('passwords page', () => {
  it('lists the shared accounts with their passwords masked', async () => {
    openPasswords();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes mots de passe' }),
    ).toBeVisible();
    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Réseau', 'Compte', 'Mot de passe']);
    const cells = within(screen.getByRole('row', { name: /Twitch/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['hiboux', '••••••••Masqué']);
    expect(
      within(cells[1]!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Afficher le mot de passe de Twitch (hiboux)',
      'Copier le mot de passe de Twitch (hiboux)',
    ]);
    expect(within(cells[0]!).getByRole('button')).toHaveAccessibleName(
      'Copier le compte de Twitch (hiboux)',
    );
    expect(screen.getByRole('row', { name: /Twitter/ })).toBeVisible();
  });

  it('copies a password on demand, then shows a check mark for two seconds', async () => {
    const { fetchMock, writeText } = openPasswords();
    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    // Nothing is revealed before it is asked for.
    expect(requestsTo(fetchMock, 'POST', `/api/password/${twitch._id}/reveal`)).toHaveLength(0);
    expect(iconOf(copyTwitch())).toBe('copy');
    vi.useFakeTimers();

    fireEvent.click(copyTwitch());
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(requestsTo(fetchMock, 'POST', `/api/password/${twitch._id}/reveal`)).toHaveLength(1);
    expect(writeText).toHaveBeenCalledExactlyOnceWith('hunter2');
    expect(iconOf(copyTwitch())).toBe('check');
    expect(screen.getByText('Copié : mot de passe de Twitch (hiboux)')).toBeInTheDocument();
    // Only the copied row says so.
    const twitterButton = screen.getByRole('button', {
      name: 'Copier le mot de passe de Twitter (hiboux_esport)',
    });
    expect(iconOf(twitterButton)).toBe('copy');

    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(iconOf(copyTwitch())).toBe('check');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(iconOf(copyTwitch())).toBe('copy');
    expect(screen.queryByText('Copié : mot de passe de Twitch (hiboux)')).not.toBeInTheDocument();
    // The value stays nowhere on the page.
    expect(document.body).not.toHaveTextContent('hunter2');
  });

  it('says why a copy failed, and copies nothing', async () => {
    const { user, fetchMock, writeText } = openPasswords({
      [`POST /api/password/${twitch._id}/reveal`]: apiError(
        404,
        'password_not_found',
        'No password you may access has this id',
      ),
    });
    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    const listRequests = requestsTo(fetchMock, 'GET', '/api/password').length;

    await user.click(copyTwitch());

    const toast = (
      await screen.findByText('Impossible de copier le mot de passe de Twitch (hiboux).')
    ).closest('li')!;
    expect(toast).toHaveAttribute('data-variant', 'error');
    expect(within(toast).getByText('Ce mot de passe ne vous est plus accessible.')).toBeVisible();
    expect(writeText).not.toHaveBeenCalled();
    expect(iconOf(copyTwitch())).toBe('copy');
    // The entry is out of reach: the list is asked again.
    expect(requestsTo(fetchMock, 'GET', '/api/password').length).toBeGreaterThan(listRequests);
  });

  it('says so when no password is shared with the member', async () => {
    openPasswords({ 'GET /api/password': json([]) });

    expect(
      await screen.findByText("Aucun mot de passe n'est partagé avec vous pour le moment."),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the passwords cannot be loaded', async () => {
    openPasswords({ 'GET /api/password': apiError(503, 'database_unavailable', 'Unavailable') });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des mots de passe.',
    );
  });

  it('reads in English', async () => {
    openPasswords({}, 'en');

    expect(await screen.findByRole('heading', { level: 1, name: 'My passwords' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Passwords list' })).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Copy the password of Twitch (hiboux)' }),
    ).toBeVisible();
  });

  it('shows a password on demand through the audited reveal, and hides it again', async () => {
    const { user, fetchMock } = openPasswords();
    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    const eye = screen.getByRole('button', { name: 'Afficher le mot de passe de Twitch (hiboux)' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    expect(document.body).not.toHaveTextContent('hunter2');

    await user.click(eye);

    const row = screen.getByRole('row', { name: /Twitch/ });
    expect(await within(row).findByText('hunter2')).toBeVisible();
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    expect(requestsTo(fetchMock, 'POST', `/api/password/${twitch._id}/reveal`)).toHaveLength(1);
    // Only the revealed row shows its value.
    expect(
      within(screen.getByRole('row', { name: /Twitter/ })).getByText('Masqué'),
    ).toBeInTheDocument();

    await user.click(eye);
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    expect(document.body).not.toHaveTextContent('hunter2');
    expect(within(row).getByText('Masqué')).toBeInTheDocument();
    // Hiding asks nothing of the server.
    expect(requestsTo(fetchMock, 'POST', `/api/password/${twitch._id}/reveal`)).toHaveLength(1);
  });

  it('says why a password could not be shown, and shows nothing', async () => {
    const { user } = openPasswords({
      [`POST /api/password/${twitch._id}/reveal`]: apiError(
        404,
        'password_not_found',
        'No password you may access has this id',
      ),
    });
    await screen.findByRole('table', { name: 'Liste des mots de passe' });

    await user.click(
      screen.getByRole('button', { name: 'Afficher le mot de passe de Twitch (hiboux)' }),
    );

    const toast = (
      await screen.findByText("Impossible d'afficher le mot de passe de Twitch (hiboux).")
    ).closest('li')!;
    expect(within(toast).getByText('Ce mot de passe ne vous est plus accessible.')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Afficher le mot de passe de Twitch (hiboux)' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it('copies an account name, without asking the server', async () => {
    const { user, fetchMock, writeText } = openPasswords();
    await screen.findByRole('table', { name: 'Liste des mots de passe' });

    await user.click(
      screen.getByRole('button', { name: 'Copier le compte de Twitter (hiboux_esport)' }),
    );

    expect(writeText).toHaveBeenCalledExactlyOnceWith('hiboux_esport');
    expect(
      await screen.findByText('Copié : compte de Twitter (hiboux_esport)'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it.each([
    {
      language: 'fr',
      label: 'Rechercher un réseau ou un compte',
      count: '1 compte sur 2',
      none: 'Aucun compte ne correspond à cette recherche.',
    },
    {
      language: 'en',
      label: 'Search a network or an account',
      count: '1 account out of 2',
      none: 'No account matches this search.',
    },
  ] as const)(
    'filters the accounts by network or account as one types ($language)',
    async ({ language, label, count, none }) => {
      const { user } = openPasswords({}, language);
      const search = await screen.findByRole('searchbox', { name: label });

      await user.type(search, 'ESPORT');
      expect(screen.getByRole('row', { name: /Twitter/ })).toBeVisible();
      expect(screen.queryByRole('row', { name: /Twitch/ })).not.toBeInTheDocument();
      expect(screen.getByText(count)).toBeVisible();

      await user.clear(search);
      await user.type(search, 'twi');
      expect(screen.getByRole('row', { name: /Twitch/ })).toBeVisible();
      expect(screen.getByRole('row', { name: /Twitter/ })).toBeVisible();

      await user.type(search, 'xyz');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByText(none)).toBeVisible();
    },
  );
});
