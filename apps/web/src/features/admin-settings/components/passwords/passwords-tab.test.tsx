import type { PasswordAuditEvent, PasswordEntry, PasswordExposure } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSessionUser, buildUsers } from '@/test/fixtures';
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

const admin = buildSessionUser({
  _id: '65f1c0ffee0000000000aaaa',
  role: 'admin',
  pseudo: 'boss',
  password_count: 2,
});
const [ada, grace] = buildUsers(2);

const lol = buildTeamDetail({
  name: 'Hiboux LoL',
  roles: [
    { role: 'Joueurs', members: [ada!] },
    { role: 'Coachs', members: [grace!] },
  ],
});
const staff = buildTeamDetail({
  name: 'Staff',
  icon: 'briefcase',
  type: 'transversal',
  game: null,
  roles: [{ role: 'Managers', members: [grace!] }],
});
const empty = buildTeamDetail({ name: 'Sans rôle', type: 'transversal', game: null });

function buildEntry(overrides: Partial<PasswordEntry> = {}): PasswordEntry {
  return {
    _id: '5ec000000000000000000001',
    network: 'Twitch',
    account: 'hiboux',
    accessRules: [],
    updated_at: '2025-01-10T10:00:00.000Z',
    password_changed_at: '2025-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const twitch = buildEntry({
  accessRules: [
    { teamId: lol._id, roles: ['Joueurs'] },
    { teamId: staff._id, roles: ['Managers'] },
  ],
});
const discord = buildEntry({ _id: '5ec000000000000000000002', network: 'Discord', account: 'bot' });

/** Answers a write with the entry the server would make from its body, as the server does. */
function savedFrom(id: string, status = 200): Handler {
  return async (request) => {
    const body = (await request.json()) as Pick<PasswordEntry, 'network' | 'account'>;
    return Response.json(buildEntry({ ...body, _id: id }), { status });
  };
}

function openPasswordsTab(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/settings/organization?tab=passwords',
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/teams': json([lol, staff, empty].map(summaryOf)),
      'GET /api/password': json([discord, twitch]),
      'GET /api/password/exposures': json([]),
      'POST /api/password': savedFrom('5ec000000000000000000003', 201),
      [`PUT /api/password/${twitch._id}`]: savedFrom(twitch._id),
      ...routes,
    },
  });
}

const table = () => screen.getByRole('table', { name: 'Liste des mots de passe' });
const dialog = () => screen.getByRole('dialog');
const ruleTexts = () =>
  within(within(dialog()).getByRole('list', { name: 'Règles ajoutées' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

// The dialogs are filled in key by key, as an admin would: that takes more than the default 5 s.
describe('passwords tab', { timeout: 20_000 }, () => {
  it('lists every entry, its masked password and who may see it', async () => {
    openPasswordsTab();

    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Réseau', 'Compte', 'Mot de passe', 'Accès', 'Actions']);
    const row = screen.getByRole('row', { name: /Twitch/ });
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Hiboux LoL : Joueurs', 'Staff : Managers']),
    );
    expect(within(row).getByText('••••••••')).toBeVisible();
    for (const name of [
      'Copier le mot de passe de Twitch (hiboux)',
      'Modifier le mot de passe de Twitch (hiboux)',
      'Historique du mot de passe de Twitch (hiboux)',
      'Supprimer le mot de passe de Twitch (hiboux)',
    ]) {
      expect(within(row).getByRole('button', { name })).toBeVisible();
    }
    expect(
      within(screen.getByRole('row', { name: /Discord/ })).getByText('Administrateurs seulement'),
    ).toBeVisible();
  });

  it('says when the vault is empty', async () => {
    openPasswordsTab({ 'GET /api/password': json([]) });

    expect(
      await screen.findByText('Aucun mot de passe pour le moment : ajoutez le premier.'),
    ).toBeVisible();
  });

  it('counts the passwords to rotate on their heading and says who saw them', async () => {
    const exposures: PasswordExposure[] = [
      {
        entry: twitch,
        members: [
          {
            _id: ada!._id,
            pseudo: ada!.pseudo,
            last_revealed_at: '2025-02-01T09:30:00.000Z',
            left_discord_at: null,
          },
        ],
      },
    ];
    const { user } = openPasswordsTab({ 'GET /api/password/exposures': json(exposures) });

    const section = await screen.findByRole('region', {
      name: 'Mots de passe à changer (1 mot de passe)',
    });
    expect(within(section).getByText('1')).toBeVisible();
    expect(within(section).getByText('Twitch (hiboux)', { selector: 'p' })).toBeVisible();
    expect(within(section).getByText(/^member-01, dernière consultation le/)).toBeVisible();

    await user.click(
      within(section).getByRole('button', { name: 'Changer le mot de passe de Twitch (hiboux)' }),
    );
    expect(
      screen.getByRole('dialog', { name: 'Modifier le mot de passe de Twitch (hiboux)' }),
    ).toBeVisible();
  });

  it('shows a zero badge when there is no password to rotate', async () => {
    openPasswordsTab();

    const section = await screen.findByRole('region', {
      name: 'Mots de passe à changer (0 mot de passe)',
    });
    expect(await within(section).findByText('Aucun mot de passe à changer.')).toBeVisible();
  });

  it('adds a rule only once a team and one of its roles are chosen, and appends it on create', async () => {
    const { user, fetchMock } = openPasswordsTab();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un mot de passe' }));
    const form = screen.getByRole('dialog', { name: 'Ajouter un mot de passe' });
    const addRule = within(form).getByRole('button', { name: 'Ajouter la règle' });
    const teamSelect = await within(form).findByRole('combobox', { name: 'Équipe' });
    expect(
      within(form).getByText('Aucune règle : seuls les administrateurs verront ce mot de passe.'),
    ).toBeVisible();
    expect(addRule).toBeDisabled();

    await user.selectOptions(teamSelect, 'Hiboux LoL');
    const roles = within(form).getByRole('group', { name: 'Rôles de Hiboux LoL' });
    expect(
      within(roles)
        .getAllByRole('checkbox')
        .map((box) => box.nextSibling?.textContent),
    ).toEqual(['Joueurs', 'Coachs']);
    expect(addRule).toBeDisabled();

    await user.click(within(roles).getByRole('checkbox', { name: 'Coachs' }));
    await user.click(within(roles).getByRole('checkbox', { name: 'Joueurs' }));
    expect(addRule).toBeEnabled();
    await user.click(within(roles).getByRole('checkbox', { name: 'Coachs' }));
    await user.click(addRule);

    expect(ruleTexts()).toEqual(['Hiboux LoL : Joueurs']);
    // The choice starts over, and a team ruled already is not offered again.
    expect(teamSelect).toHaveValue('');
    expect(addRule).toBeDisabled();
    expect(
      within(form).getByRole('option', { name: 'Hiboux LoL (règle déjà ajoutée)' }),
    ).toBeDisabled();

    await user.selectOptions(teamSelect, 'Sans rôle');
    expect(within(form).getByText("Cette équipe n'a aucun rôle.")).toBeVisible();
    expect(addRule).toBeDisabled();

    await user.selectOptions(teamSelect, 'Staff');
    await user.click(within(form).getByRole('checkbox', { name: 'Managers' }));
    await user.click(addRule);
    expect(ruleTexts()).toEqual(['Hiboux LoL : Joueurs', 'Staff : Managers']);

    await user.type(within(form).getByRole('textbox', { name: 'Réseau' }), 'Twitter');
    await user.type(within(form).getByRole('textbox', { name: 'Compte' }), 'hiboux_esport');
    await user.type(within(form).getByLabelText(/^Mot de passe/), ' s3cret ');
    await user.click(within(form).getByRole('button', { name: 'Ajouter le mot de passe' }));

    expect(await sentBody(fetchMock, 'POST', '/api/password')).toEqual({
      network: 'Twitter',
      account: 'hiboux_esport',
      password: ' s3cret ',
      accessRules: [
        { teamId: lol._id, roles: ['Joueurs'] },
        { teamId: staff._id, roles: ['Managers'] },
      ],
    });
    expect(
      await screen.findByText('Le mot de passe de Twitter (hiboux_esport) a été ajouté.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes a rule', async () => {
    const { user } = openPasswordsTab();
    await user.click(
      await screen.findByRole('button', { name: 'Modifier le mot de passe de Twitch (hiboux)' }),
    );

    await user.click(
      await within(dialog()).findByRole('button', { name: 'Retirer la règle de Hiboux LoL' }),
    );

    expect(ruleTexts()).toEqual(['Staff : Managers']);
  });

  it('asks for a network, an account and a password before creating', async () => {
    const { user, fetchMock } = openPasswordsTab();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un mot de passe' }));

    await user.click(within(dialog()).getByRole('button', { name: 'Ajouter le mot de passe' }));

    const network = within(dialog()).getByRole('textbox', { name: 'Réseau' });
    expect(network).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(network).toHaveFocus();
    expect(within(dialog()).getByRole('textbox', { name: 'Compte' })).toBeInvalid();
    expect(within(dialog()).getByLabelText(/^Mot de passe/)).toBeInvalid();
    expect(requestsTo(fetchMock, 'POST', '/api/password')).toHaveLength(0);
  });

  it('replaces the rule of the same team on edit, and keeps the password when left blank', async () => {
    const { user, fetchMock } = openPasswordsTab();
    await user.click(
      await screen.findByRole('button', { name: 'Modifier le mot de passe de Twitch (hiboux)' }),
    );
    const form = screen.getByRole('dialog', {
      name: 'Modifier le mot de passe de Twitch (hiboux)',
    });
    const password = within(form).getByLabelText('Mot de passe');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'laisser vide si inchangé');
    expect(password).not.toBeRequired();
    await waitFor(() => expect(ruleTexts()).toEqual(['Hiboux LoL : Joueurs', 'Staff : Managers']));

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Équipe' }), 'Hiboux LoL');
    expect(
      within(form).getByText("Hiboux LoL a déjà une règle : l'ajouter la remplacera."),
    ).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Coachs' }));
    await user.click(within(form).getByRole('button', { name: 'Ajouter la règle' }));

    expect(ruleTexts()).toEqual(['Hiboux LoL : Coachs', 'Staff : Managers']);

    await user.clear(within(form).getByRole('textbox', { name: 'Compte' }));
    await user.type(within(form).getByRole('textbox', { name: 'Compte' }), 'hiboux_tv');
    await user.type(password, '   ');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le mot de passe' }));

    const body = await sentBody(fetchMock, 'PUT', `/api/password/${twitch._id}`);
    expect(body).toEqual({
      network: 'Twitch',
      account: 'hiboux_tv',
      accessRules: [
        { teamId: lol._id, roles: ['Coachs'] },
        { teamId: staff._id, roles: ['Managers'] },
      ],
    });
    expect(
      await screen.findByText('Le mot de passe de Twitch (hiboux_tv) a été mis à jour.'),
    ).toBeVisible();
  });

  it('sends a new password typed on edit', async () => {
    const { user, fetchMock } = openPasswordsTab();
    await user.click(
      await screen.findByRole('button', { name: 'Modifier le mot de passe de Twitch (hiboux)' }),
    );

    await user.type(within(dialog()).getByLabelText('Mot de passe'), 'n3w-pass');
    await user.click(within(dialog()).getByRole('button', { name: 'Enregistrer le mot de passe' }));

    expect(await sentBody(fetchMock, 'PUT', `/api/password/${twitch._id}`)).toMatchObject({
      password: 'n3w-pass',
    });
  });

  it('says why the server refused the entry, in French, on the rule it names', async () => {
    const { user } = openPasswordsTab({
      [`PUT /api/password/${twitch._id}`]: apiError(
        400,
        'validation_failed',
        'Invalid request: body.accessRules.0.roles.0 the team has no role named "Joueurs"',
        [
          {
            path: 'body.accessRules.0.roles.0',
            message: 'the team has no role named "Joueurs"',
            code: 'unknown_reference',
          },
        ],
      ),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Modifier le mot de passe de Twitch (hiboux)' }),
    );

    await user.click(within(dialog()).getByRole('button', { name: 'Enregistrer le mot de passe' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      /Certaines valeurs ne sont pas acceptées\s: vérifiez les champs signalés\./,
    );
    expect(
      within(dialog()).getByRole('list', { name: 'Règles ajoutées' }),
    ).toHaveAccessibleDescription(/^Cet élément n'existe plus\s: rechargez la page\.$/);
    expect(dialog()).not.toHaveTextContent(/no role named|Invalid request/);
  });

  it('shows error_saving_password when the server says nothing', async () => {
    const { user } = openPasswordsTab({
      'POST /api/password': () => new Response('Bad gateway', { status: 502 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter un mot de passe' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Réseau' }), 'Twitter');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Compte' }), 'hiboux');
    await user.type(within(dialog()).getByLabelText(/^Mot de passe/), 'secret');

    await user.click(within(dialog()).getByRole('button', { name: 'Ajouter le mot de passe' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      "Erreur lors de l'enregistrement du mot de passe.",
    );
  });

  it('deletes an entry once confirmed', async () => {
    const { user, fetchMock } = openPasswordsTab({
      [`DELETE /api/password/${twitch._id}`]: noContent,
    });
    await user.click(
      await screen.findByRole('button', { name: 'Supprimer le mot de passe de Twitch (hiboux)' }),
    );
    const confirm = screen.getByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir supprimer ce mot de passe ?',
    });
    expect(requestsTo(fetchMock, 'DELETE', `/api/password/${twitch._id}`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));

    expect(
      await screen.findByText('Le mot de passe de Twitch (hiboux) a été supprimé.'),
    ).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', `/api/password/${twitch._id}`)).toHaveLength(1);
  });

  it('lists the entry’s audit trail, newest first', async () => {
    const events: PasswordAuditEvent[] = [
      {
        _id: 'a00000000000000000000003',
        action: 'reveal',
        at: '2025-03-02T15:45:00.000Z',
        member: { _id: null, pseudo: 'ghost' },
      },
      {
        _id: 'a00000000000000000000002',
        action: 'rules_changed',
        at: '2025-03-01T08:00:00.000Z',
        member: { _id: admin._id, pseudo: 'boss' },
      },
      {
        _id: 'a00000000000000000000001',
        action: 'create',
        at: '2025-02-28T08:00:00.000Z',
        member: { _id: admin._id, pseudo: 'boss' },
      },
    ];
    const { user, fetchMock } = openPasswordsTab({
      [`GET /api/password/${twitch._id}/audit`]: json({ items: events, next_cursor: null }),
    });
    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    // Nothing is asked before the trail is opened.
    expect(requestsTo(fetchMock, 'GET', `/api/password/${twitch._id}/audit`)).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Historique du mot de passe de Twitch (hiboux)' }),
    );

    const trail = await within(
      screen.getByRole('dialog', { name: 'Historique de Twitch (hiboux)' }),
    ).findByRole('table', { name: 'Historique du mot de passe' });
    const rows = within(trail)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.map(([, action, member]) => [action, member])).toEqual([
      ['Consulté', 'ghost (compte supprimé)'],
      ["Règles d'accès modifiées", 'boss'],
      ['Créé', 'boss'],
    ]);
    expect(rows[0]![0]).toMatch(/2 mars 2025/);
    expect(within(trail).getAllByRole('cell')[0]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-03-02T15:45:00.000Z',
    );
  });

  it('shows an entry’s password through the audited reveal, and copies its account', async () => {
    const { user, fetchMock } = openPasswordsTab({
      [`POST /api/password/${twitch._id}/reveal`]: json({ password: 'hunter2' }),
    });
    await screen.findByRole('table', { name: 'Liste des mots de passe' });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const row = screen.getByRole('row', { name: /Twitch/ });

    await user.click(
      within(row).getByRole('button', { name: 'Afficher le mot de passe de Twitch (hiboux)' }),
    );
    expect(await within(row).findByText('hunter2')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', `/api/password/${twitch._id}/reveal`)).toHaveLength(1);
    // The reveal wrote an audit event: the entry's trail loads again when next opened.
    await user.click(
      within(row).getByRole('button', { name: 'Afficher le mot de passe de Twitch (hiboux)' }),
    );
    expect(within(row).queryByText('hunter2')).not.toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', { name: 'Copier le compte de Twitch (hiboux)' }),
    );
    expect(writeText).toHaveBeenCalledExactlyOnceWith('hiboux');
  });

  it.each([
    {
      language: 'fr',
      label: 'Rechercher un réseau ou un compte',
      caption: 'Liste des mots de passe',
      none: 'Aucun compte ne correspond à cette recherche.',
    },
    {
      language: 'en',
      label: 'Search a network or an account',
      caption: 'Passwords list',
      none: 'No account matches this search.',
    },
  ] as const)(
    'searches the entries by network or account ($language)',
    async ({ language, label, caption, none }) => {
      const { user } = openPasswordsTab({}, language);
      await screen.findByRole('table', { name: caption });

      await user.type(screen.getByRole('searchbox', { name: label }), 'BOT');
      const table = screen.getByRole('table', { name: caption });
      expect(within(table).getByRole('row', { name: /Discord/ })).toBeVisible();
      expect(within(table).queryByRole('row', { name: /Twitch/ })).not.toBeInTheDocument();

      await user.type(screen.getByRole('searchbox', { name: label }), 'zz');
      expect(screen.queryByRole('table', { name: caption })).not.toBeInTheDocument();
      expect(screen.getByText(none)).toBeVisible();
    },
  );

  it.each([
    {
      language: 'fr',
      add: 'Ajouter un mot de passe',
      network: 'Réseau',
      account: 'Compte',
      password: /^Mot de passe/,
      show: 'Afficher le mot de passe saisi',
      submit: 'Ajouter le mot de passe',
      duplicate:
        'Une entrée existe déjà pour Twitch (hiboux). Vous pouvez tout de même enregistrer celle-ci.',
    },
    {
      language: 'en',
      add: 'Add a password',
      network: 'Network',
      account: 'Account',
      password: /^Password/,
      show: 'Show the password typed',
      submit: 'Add the password',
      duplicate: 'An entry already exists for Twitch (hiboux). You can still save this one.',
    },
  ] as const)(
    'shows what is typed in the password field on demand, and warns of a duplicate entry that can still be saved ($language)',
    async ({ language, add, network, account, password, show, submit, duplicate }) => {
      const { user, fetchMock } = openPasswordsTab({}, language);
      await user.click(await screen.findByRole('button', { name: add }));
      const field = within(dialog()).getByLabelText(password);
      const toggle = within(dialog()).getByRole('button', { name: show });
      expect(field).toHaveAttribute('type', 'password');
      expect(toggle).toHaveAttribute('aria-pressed', 'false');

      await user.type(field, 's3cret');
      await user.click(toggle);
      expect(field).toHaveAttribute('type', 'text');
      expect(field).toHaveValue('s3cret');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await user.click(toggle);
      expect(field).toHaveAttribute('type', 'password');

      await user.type(within(dialog()).getByRole('textbox', { name: network }), ' twitch');
      await user.type(within(dialog()).getByRole('textbox', { name: account }), 'HIBOUX ');
      expect(within(dialog()).getByText(duplicate)).toBeVisible();

      await user.click(within(dialog()).getByRole('button', { name: submit }));
      expect(await sentBody(fetchMock, 'POST', '/api/password')).toMatchObject({
        network: 'twitch',
        account: 'HIBOUX',
        password: 's3cret',
      });
    },
  );

  it('does not call an entry its own duplicate when it is edited', async () => {
    const { user } = openPasswordsTab();
    await user.click(
      await screen.findByRole('button', { name: 'Modifier le mot de passe de Twitch (hiboux)' }),
    );
    expect(within(dialog()).getByRole('textbox', { name: 'Compte' })).toHaveValue('hiboux');
    expect(within(dialog()).queryByText(/Une entrée existe déjà/)).not.toBeInTheDocument();

    await user.clear(within(dialog()).getByRole('textbox', { name: 'Réseau' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Réseau' }), 'Discord');
    await user.clear(within(dialog()).getByRole('textbox', { name: 'Compte' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Compte' }), 'Bot');
    expect(within(dialog()).getByText(/Une entrée existe déjà pour Discord \(bot\)/)).toBeVisible();
  });
});
