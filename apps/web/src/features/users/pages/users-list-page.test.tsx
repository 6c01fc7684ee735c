import type { MemberTeam, User } from '@guildhall/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLUMNS_STORAGE_KEY } from '../components/list/list-columns';
import { allRoles, buildSessionUser, buildUser, buildUsers, listItemOf } from '@/test/fixtures';
import {
  apiError,
  type Handler,
  json,
  noContent,
  requestsTo,
  type Routes,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

/**
 * A server holding `members`: it pages them as GET /api/users does, from the cursor it gave (here
 * the position of the next page; opaque to the web), ten a page unless `limit` says.
 */
function serving(members: (User & { teams?: MemberTeam[] })[]): Handler {
  return (request) => {
    const params = new URL(request.url).searchParams;
    const limit = Number(params.get('limit') ?? 10);
    const start = Number(params.get('cursor') ?? 0);
    const items = members.slice(start, start + limit).map(listItemOf);
    const next = start + limit < members.length ? String(start + limit) : null;
    return Response.json({ items, next_cursor: next, total: members.length });
  };
}

const thirtyOne = buildUsers(31);

function openList({
  at = '/users/list',
  routes = {},
  language = 'fr',
}: { at?: string; routes?: Routes; language?: 'fr' | 'en' } = {}) {
  return renderApp({
    at,
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/roles': json(allRoles),
      'GET /api/users': serving(thirtyOne),
      ...routes,
    },
  });
}

function sentQueries(fetchMock: ReturnType<typeof renderApp>['fetchMock']) {
  return requestsTo(fetchMock, 'GET', '/api/users').map((request) =>
    Object.fromEntries(new URL(request.url).searchParams),
  );
}

const table = () => screen.getByRole('table', { name: 'Liste des membres' });
/** The headers' texts after the bulk actions' tick box, which has a label and no text. */
const columnHeaders = () =>
  within(table())
    .getAllByRole('columnheader')
    .slice(1)
    .map((header) => header.textContent);
const status = () => screen.getByText(/^Affichage de/);

describe('users list', () => {
  it('shows the first page with the default columns', async () => {
    const { fetchMock } = openList();

    expect(await screen.findByText('member-01')).toBeVisible();
    expect(columnHeaders()).toEqual([
      'Pseudo',
      'Nom',
      'Prénom',
      'Date de naissance',
      'Rôle',
      'Équipe',
      'Inscription',
      'Actions',
    ]);
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
    expect(status()).toHaveTextContent('Affichage de 1 à 10 sur 31 entrées');
    expect(sentQueries(fetchMock)).toEqual([{ sort: 'pseudo' }]);
    const row = screen.getByRole('row', { name: /member-01/ });
    expect(within(row).getByText('10 déc. 1990')).toBeVisible();
    expect(within(row).getByText('Membre')).toBeVisible();
    expect(within(row).getByText('Non renseigné')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('N/A');
  });

  it('writes the dates in the reader’s language, and a dash for what is not given', async () => {
    openList({ language: 'en' });

    const row = await screen.findByRole('row', { name: /member-01/ });
    expect(within(row).getByText('Dec 10, 1990')).toBeVisible();
    expect(within(row).getByText('Sep 1, 2024')).toBeVisible();
    expect(within(row).getByText('Not provided')).toBeInTheDocument();
    expect(row).not.toHaveTextContent(/N\/A|1990-12-10/);
  });

  it('names a member without a real name by its pseudo, with a dash in the name columns', async () => {
    const [nameless] = buildUsers(1, 40).map((member) => ({
      ...member,
      name: null,
      surname: null,
    }));
    openList({ routes: { 'GET /api/users': serving([nameless!]) } });

    const row = await screen.findByRole('row', { name: /member-40/ });
    const header = within(row).getByRole('rowheader');
    expect(header).toHaveTextContent('member-40');
    expect(within(header).getByText('ME')).toBeInTheDocument();
    expect(within(row).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(row).not.toHaveTextContent(/null|undefined/);
  });

  it('says it is loading, then shows why a page could not be loaded', async () => {
    openList({
      routes: { 'GET /api/users': apiError(503, 'database_unavailable', 'Database unavailable') },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Erreur\s: Le service est momentanément indisponible\s: réessayez dans un instant\.$/,
    );
  });

  it('shows ten more members each time, under the first, until the last', async () => {
    const { user, fetchMock, currentLocation } = openList();
    await screen.findByText('member-01');
    const more = screen.getByRole('button', { name: 'Afficher plus' });

    await user.click(more);
    expect(await screen.findByText('member-11')).toBeVisible();
    expect(screen.getByText('member-01')).toBeVisible();
    expect(status()).toHaveTextContent('Affichage de 1 à 20 sur 31 entrées');
    expect(currentLocation().search).toBe('');
    // The focus stays on the button, for the next page.
    expect(screen.getByRole('button', { name: 'Afficher plus' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    await user.click(await screen.findByRole('button', { name: 'Afficher plus' }));
    expect(await screen.findByText('member-31')).toBeVisible();
    expect(status()).toHaveTextContent('Affichage de 1 à 31 sur 31 entrées');
    expect(within(table()).getAllByRole('row')).toHaveLength(32);
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
    expect(sentQueries(fetchMock).map((query) => query.cursor)).toEqual([
      undefined,
      '10',
      '20',
      '30',
    ]);
  });

  it('filters by role from the first page', async () => {
    const { user, fetchMock, currentLocation } = openList();
    await user.click(await screen.findByRole('button', { name: 'Afficher plus' }));
    await screen.findByText('member-11');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rôle' }), 'Invité');

    await waitFor(() =>
      expect(sentQueries(fetchMock).at(-1)).toEqual({ sort: 'pseudo', role: 'guest' }),
    );
    expect(currentLocation().search).toBe('?role=guest');
    expect(
      within(screen.getByRole('combobox', { name: 'Rôle' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les rôles', 'Administrateur', 'Membre', 'Invité', 'Nouvel inscrit']);
  });

  it('searches by username once typing pauses, from the first page', async () => {
    const { user, fetchMock, currentLocation } = openList();
    await user.click(await screen.findByRole('button', { name: 'Afficher plus' }));
    await screen.findByText('member-11');

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un pseudo' }), ' kiwi');

    await waitFor(() => expect(sentQueries(fetchMock).at(-1)).toMatchObject({ q: 'kiwi' }));
    // One request for the whole word, not one per key.
    expect(sentQueries(fetchMock).filter((query) => query.q !== undefined)).toHaveLength(1);
    expect(sentQueries(fetchMock).at(-1)).not.toHaveProperty('cursor');
    expect(currentLocation().search).toBe('?q=kiwi');
  });

  it('reads its filters from the address', async () => {
    const { fetchMock } = openList({
      at: '/users/list?q=owl&role=admin&sort=-created_at',
    });
    await screen.findByText('member-01');

    expect(sentQueries(fetchMock)).toEqual([{ sort: '-created_at', role: 'admin', q: 'owl' }]);
    expect(screen.getByRole('searchbox', { name: 'Rechercher un pseudo' })).toHaveValue('owl');
    expect(screen.getByRole('columnheader', { name: /Inscription/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('sorts by a column, then the other way', async () => {
    const { user, fetchMock } = openList();
    await screen.findByText('member-01');
    const header = screen.getByRole('columnheader', { name: /Nom/ });
    expect(header).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(sentQueries(fetchMock).at(-1)).toMatchObject({ sort: 'name' });

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(sentQueries(fetchMock).at(-1)).toMatchObject({ sort: '-name' });
  });

  it('says so when no member matches', async () => {
    openList({ routes: { 'GET /api/users': serving([]) } });

    expect(await screen.findByText('Aucun membre ne correspond à ces critères.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
  });

  it('shows and hides columns, and remembers the choice after a reload', async () => {
    const { user } = openList();
    await screen.findByText('member-01');

    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Pays' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Équipe' }));
    await user.keyboard('{Escape}');

    expect(columnHeaders()).toContain('Pays');
    expect(columnHeaders()).not.toContain('Équipe');
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '[]')).toEqual([
      'name',
      'surname',
      'birthday',
      'role',
      'created_at',
      'country',
    ]);

    // A reload: the application starts again from scratch, with the same storage.
    cleanup();
    openList();
    await screen.findByText('member-01');
    expect(columnHeaders()).toEqual([
      'Pseudo',
      'Nom',
      'Prénom',
      'Date de naissance',
      'Rôle',
      'Inscription',
      'Pays',
      'Actions',
    ]);
  });

  it('links each member to its profile and its edit screen', async () => {
    openList();
    await screen.findByText('member-01');

    expect(screen.getByRole('link', { name: 'Voir le profil de member-01' })).toHaveAttribute(
      'href',
      `/users/${thirtyOne[0]!._id}`,
    );
    expect(screen.getByRole('link', { name: 'Modifier le profil de member-01' })).toHaveAttribute(
      'href',
      `/users/modify/${thirtyOne[0]!._id}`,
    );
  });

  it('deletes a member after confirmation, then loads the list again', async () => {
    const target = thirtyOne[1]!;
    const { user, fetchMock } = openList({
      routes: { [`DELETE /api/users/${target._id}`]: noContent },
    });
    await screen.findByText('member-01');

    await user.click(screen.getByRole('button', { name: 'Supprimer member-02' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?',
    });
    expect(dialog).toHaveAccessibleDescription(/member-02 sera supprimé/);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText("L'utilisateur member-02 a été supprimé.")).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', `/api/users/${target._id}`)).toHaveLength(1);
    await waitFor(() => expect(sentQueries(fetchMock)).toHaveLength(2));
  });

  it('deletes nothing when the admin cancels', async () => {
    const { user, fetchMock } = openList();
    await screen.findByText('member-01');

    await user.click(screen.getByRole('button', { name: 'Supprimer member-02' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('explains why a deletion was refused', async () => {
    const target = thirtyOne[1]!;
    const { user } = openList({
      routes: { [`DELETE /api/users/${target._id}`]: apiError(403, 'forbidden', 'Not an admin') },
    });
    await screen.findByText('member-01');

    await user.click(screen.getByRole('button', { name: 'Supprimer member-02' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText("Échec de la suppression de l'utilisateur.")).toBeVisible();
    expect(screen.getByText("Vous n'avez pas le droit de faire cela.")).toBeVisible();
  });

  it.each([
    ['fr', 'Voir le profil de', 'Supprimer'],
    ['en', 'View the profile of', 'Delete'],
  ] as const)(
    "offers no delete button on the admin's own row (the server refuses it), in %s",
    async (language, view, remove) => {
      const self = buildUser({ _id: admin._id, pseudo: 'boss', role: 'admin' });
      openList({ language, routes: { 'GET /api/users': serving([self, ...thirtyOne]) } });

      expect(await screen.findByRole('link', { name: `${view} boss` })).toBeVisible();
      expect(screen.queryByRole('button', { name: `${remove} boss` })).toBeNull();
      expect(screen.getByRole('button', { name: `${remove} member-01` })).toBeVisible();
    },
  );

  it('reads in English', async () => {
    renderApp({
      at: '/users/list',
      language: 'en',
      routes: {
        'GET /api/session': signedIn(admin),
        'GET /api/roles': json(allRoles),
        'GET /api/users': serving(thirtyOne),
      },
    });

    expect(await screen.findByText('Showing 1 to 10 of 31 entries')).toBeVisible();
  });

  describe('bulk changes of membership', () => {
    const tick = (name: string) => screen.getByRole('checkbox', { name });

    it('sets the role of the rows ticked, once confirmed, then clears the selection', async () => {
      const { user, fetchMock } = openList({
        routes: { 'POST /api/users/membership': json({ members: 2, changed: 2 }) },
      });
      await screen.findByText('member-01');

      await user.click(tick('Sélectionner member-01'));
      await user.click(tick('Sélectionner member-03'));
      expect(screen.getByText('2 membres sélectionnés')).toBeVisible();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Définir le rôle');
      const apply = screen.getByRole('button', { name: 'Appliquer' });
      // No role chosen yet: nothing to apply.
      expect(apply).toBeDisabled();
      await user.selectOptions(
        within(screen.getByRole('region', { name: '2 membres sélectionnés' })).getByRole(
          'combobox',
          { name: 'Rôle' },
        ),
        'Invité',
      );
      await user.click(apply);
      const dialog = await screen.findByRole('alertdialog', { name: 'Modifier 2 membres ?' });
      expect(dialog).toHaveTextContent('Les 2 membres sélectionnés prendront le rôle Invité.');
      await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));

      expect(await screen.findByText('2 membres modifiés sur 2 sélectionnés.')).toBeVisible();
      const [post] = requestsTo(fetchMock, 'POST', '/api/users/membership');
      expect(await post?.json()).toEqual({
        members: { ids: [thirtyOne[0]!._id, thirtyOne[2]!._id] },
        role: 'guest',
      });
      expect(tick('Sélectionner member-01')).not.toBeChecked();
      expect(screen.queryByText(/membres? sélectionnés?$/)).not.toBeInTheDocument();
    });

    it('takes every member the filter finds, with the count the admin saw', async () => {
      const { user, fetchMock } = openList({
        at: '/users/list?role=guest&q=member',
        routes: { 'POST /api/users/membership': json({ members: 31, changed: 30 }) },
      });
      await screen.findByText('member-01');

      await user.click(tick('Sélectionner les membres de la page'));
      expect(screen.getByText('10 membres sélectionnés')).toBeVisible();
      await user.click(
        screen.getByRole('button', { name: 'Sélectionner les 31 membres que trouve le filtre' }),
      );
      expect(screen.getByText('31 membres sélectionnés')).toBeVisible();
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Action' }),
        "Cocher l'adhésion",
      );
      await user.click(screen.getByRole('button', { name: 'Appliquer' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Modifier 31 membres ?' });
      await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));

      expect(await screen.findByText('30 membres modifiés sur 31 sélectionnés.')).toBeVisible();
      const [post] = requestsTo(fetchMock, 'POST', '/api/users/membership');
      expect(await post?.json()).toEqual({
        members: { filter: { role: 'guest', q: 'member' }, expected: 31 },
        adhesion: true,
      });
    });

    it('sends nothing when the admin cancels, and forgets the rows once the filter changes', async () => {
      const { user, fetchMock } = openList();
      await screen.findByText('member-01');

      await user.click(tick('Sélectionner member-02'));
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Action' }),
        "Décocher l'adhésion",
      );
      await user.click(screen.getByRole('button', { name: 'Appliquer' }));
      await user.click(await screen.findByRole('button', { name: 'Annuler' }));
      expect(requestsTo(fetchMock, 'POST', '/api/users/membership')).toHaveLength(0);

      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Rôle' }),
        screen.getByRole('option', { name: 'Invité' }),
      );
      await waitFor(() =>
        expect(screen.queryByText('1 membre sélectionné')).not.toBeInTheDocument(),
      );
    });

    it('reads in English', async () => {
      const { user } = openList({ language: 'en' });
      await screen.findByText('member-01');

      await user.click(tick('Select member-01'));
      expect(screen.getByText('1 member selected')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Clear the selection' })).toBeVisible();
    });
  });

  describe("the Équipe column: the member's teams", () => {
    const team = (number: number, name: string): MemberTeam => ({
      _id: `65f1c0ffee000000000e${String(number).padStart(4, '0')}`,
      name,
    });
    const [ada, grace, linus] = buildUsers(3);
    const members = [
      { ...ada!, team: 'old free text', teams: [team(1, 'Hiboux LoL'), team(2, 'Staff')] },
      {
        ...grace!,
        teams: [team(1, 'Hiboux LoL'), team(2, 'Staff'), team(3, 'Coachs'), team(4, 'Créa')],
      },
      { ...linus!, teams: [] },
    ];

    it.each([
      ['fr', 'et 2 autres équipes\u00a0: Coachs, Créa', 'Non renseigné'],
      ['en', 'and 2 more teams: Coachs, Créa', 'Not provided'],
    ] as const)('names the teams, two then "+N", in %s', async (language, others, none) => {
      renderApp({
        at: '/users/list',
        language,
        routes: {
          'GET /api/session': signedIn(admin),
          'GET /api/roles': json(allRoles),
          'GET /api/users': serving(members),
        },
      });

      const cellOf = async (pseudo: string) => {
        const row = await screen.findByRole('row', { name: new RegExp(pseudo) });
        const index = within(screen.getByRole('table'))
          .getAllByRole('columnheader')
          .findIndex((header) => /^(Équipe|Team)$/.test(header.textContent ?? ''));
        return [...row.querySelectorAll<HTMLElement>('th, td')][index]!;
      };
      const teamsOf = async (pseudo: string) =>
        within(await cellOf(pseudo))
          .queryAllByRole('listitem')
          .map((item) => item.textContent);

      // The Teams, never the free-text note.
      expect(await teamsOf('member-01')).toEqual(['Hiboux LoL', 'Staff']);
      expect(await cellOf('member-01')).not.toHaveTextContent('old free text');
      expect(await teamsOf('member-02')).toEqual(['Hiboux LoL', 'Staff', `+2${others}`]);
      // Testing Library reads no-break spaces as spaces.
      expect(
        within(await cellOf('member-02')).getByText(others.replace('\u00a0', ' ')),
      ).toBeInTheDocument();
      // No team: a dash, read out as such.
      expect(await cellOf('member-03')).toHaveTextContent(`—${none}`);
    });
  });
});
