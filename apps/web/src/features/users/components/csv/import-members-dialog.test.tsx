import type { MemberImportRefusal, MemberImportReport } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUsers, listItemOf } from '@/test/fixtures';
import { type Handler, json, neverAnswers, requestsTo, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });
const members = buildUsers(3).map(listItemOf);

const dryRunReport: MemberImportReport = {
  dry_run: true,
  written: false,
  created: 1,
  updated: 1,
  unchanged: 4,
  rows: [
    {
      line: 2,
      pseudo: 'member-01',
      outcome: 'updated',
      changes: [
        { column: 'town', from: null, to: 'Paris' },
        { column: 'role', from: 'invited', to: 'user' },
        { column: 'adhesion', from: 'false', to: 'true' },
        { column: 'first_name', from: 'Lea', to: 'Léa' },
        { column: 'birthday', from: null, to: '1999-04-12' },
      ],
    },
    {
      line: 3,
      pseudo: 'Recrue',
      outcome: 'created',
      changes: [{ column: 'pseudo', from: null, to: 'Recrue' }],
    },
  ],
  refused: [],
};

const refusal: MemberImportRefusal = {
  error: { code: 'import_refused', message: 'The file is refused' },
  report: {
    ...dryRunReport,
    created: 0,
    updated: 0,
    rows: [],
    refused: [
      { line: 4, column: 'email', code: 'invalid_format', params: { format: 'email' } },
      { line: 5, column: 'pseudo', code: 'duplicate_pseudo', params: { line: 2 } },
      { line: 6, column: 'role', code: 'admin_role' },
    ],
  },
};

/** POST /api/users/import: the dry run's answer, then the real import's. */
function importing(
  dryRun: Handler,
  real: Handler = json({ ...dryRunReport, dry_run: false, written: true }),
): Handler {
  return (request) =>
    new URL(request.url).searchParams.get('dry_run') === 'true' ? dryRun(request) : real(request);
}

function openList(importHandler: Handler, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/users/list',
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/roles': json(allRoles),
      'GET /api/users': json({ items: members, next_cursor: null, total: members.length }),
      'POST /api/users/import': importHandler,
    },
  });
}

const csvFile = () =>
  new File(['pseudo,town\r\nmember-01,Paris\r\nRecrue,\r\n'], 'membres.csv', {
    type: 'application/vnd.ms-excel',
  });

async function chooseFile(user: ReturnType<typeof openList>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Importer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Importer des membres' });
  await user.upload(within(dialog).getByLabelText('Fichier CSV'), csvFile());
  return dialog;
}

describe('members import dialog', () => {
  it('offers the export as a download link', async () => {
    openList(importing(json(dryRunReport)));
    const link = await screen.findByRole('link', { name: 'Exporter (CSV)' });
    expect(link).toHaveAttribute('href', '/api/users/export.csv');
    expect(link).toHaveAttribute('download');
  });

  it('checks the file by a dry run, shows the changes, imports on confirmation', async () => {
    const { user, fetchMock } = openList(importing(json(dryRunReport)));
    const dialog = await chooseFile(user);
    expect(within(dialog).getByText('Fichier choisi : membres.csv')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(await within(dialog).findByText('1 à créer, 1 à modifier, 4 inchangés.')).toBeVisible();
    const changes = within(dialog).getByRole('table', { name: "Ce que l'import changera" });
    const updated = within(changes).getByRole('row', { name: /member-01/ });
    expect(
      within(updated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ville : (vide) → Paris',
      'Rôle : Nouvel inscrit → Membre',
      'Adhésion active : Non → Oui',
      'Prénom : Lea → Léa',
      'Date de naissance : (vide) → 12 avr. 1999',
    ]);
    expect(within(changes).getByRole('row', { name: /Recrue/ })).toHaveTextContent('Création');
    const [dryRun] = requestsTo(fetchMock, 'POST', '/api/users/import');
    expect(dryRun!.headers.get('content-type')).toBe('text/csv');
    // The file itself, as it was chosen (jsdom's Blob does not pass through a Node Request).
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('import'))!;
    expect(await (init!.body as Blob).text()).toContain('member-01,Paris');

    await user.click(within(dialog).getByRole('button', { name: "Confirmer l'import" }));
    expect(await screen.findByText('Import terminé : 1 membre créé, 1 modifié.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requestsTo(fetchMock, 'POST', '/api/users/import');
    expect(sent.map((request) => new URL(request.url).search)).toEqual([
      '?dry_run=true',
      '?dry_run=false',
    ]);
    // The list is read again with the new members.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/users')).toHaveLength(2));
  });

  it('reports the changes in English too: field names, roles, yes and no, counts', async () => {
    const { user } = openList(
      importing(
        json({ ...dryRunReport, created: 0, unchanged: 1, rows: dryRunReport.rows.slice(0, 1) }),
      ),
      'en',
    );
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));

    expect(await within(dialog).findByText('0 to create, 1 to update, 1 unchanged.')).toBeVisible();
    const changes = within(dialog).getByRole('table', { name: 'What the import will change' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Town: (empty) → Paris',
      'Role: Invited → Member',
      'Active membership: No → Yes',
      'First name: Lea → Léa',
      'Birthday: (empty) → Apr 12, 1999',
    ]);
  });

  it('lists a refused file’s problems in the reader’s language, and offers no import', async () => {
    const { user } = openList(importing(json(refusal, 400)), 'en');
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile());
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'File refused: nothing will be imported.',
    );
    const problems = within(dialog).getByRole('table', { name: 'Problems in the file' });
    const rows = within(problems)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '4Email (email)Enter a valid email address.',
      '5Username (pseudo)This pseudo is already on line 2.',
      "6Role (role)The admin role is given and taken in the member's form, not by import.",
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Confirm import' })).toBeNull();
  });

  it('shows the first hundred rows of a long report, and says how many more there are', async () => {
    const rows = Array.from({ length: 130 }, (_, index) => ({
      line: index + 2,
      pseudo: `new-${index}`,
      outcome: 'created' as const,
      changes: [{ column: 'pseudo' as const, from: null, to: `new-${index}` }],
    }));
    const { user } = openList(importing(json({ ...dryRunReport, created: 130, updated: 0, rows })));
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));

    const table = await within(dialog).findByRole('table', { name: "Ce que l'import changera" });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(dialog).getByText('Et 30 lignes de plus, non affichées ici.')).toBeVisible();
  });

  it('says it is checking while the server works, and keeps the file unsent twice', async () => {
    const { user, fetchMock } = openList(importing(neverAnswers));
    const dialog = await chooseFile(user);
    const check = within(dialog).getByRole('button', { name: 'Vérifier le fichier' });
    await user.click(check);
    expect(await within(dialog).findByRole('button', { name: 'Vérification...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Vérification...' }));
    expect(requestsTo(fetchMock, 'POST', '/api/users/import')).toHaveLength(1);
  });

  it('closes with Escape and gives the focus back to the Importer button', async () => {
    const { user } = openList(importing(json(dryRunReport)));
    await chooseFile(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Importer' })).toHaveFocus();
  });
});
