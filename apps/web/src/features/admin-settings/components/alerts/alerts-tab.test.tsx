import {
  ALERT_MESSAGE_MAX_LENGTH,
  type Alert,
  type AlertBody,
  type AlertPreview,
  type Language,
  NO_DISCORD_WEBHOOK,
} from '@guildhall/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
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
import { formatDateTime } from '@/lib/format-date';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const buildAlert = (overrides: Partial<Alert>): Alert => ({
  _id: '65f1c0ffee0000000000a001',
  type: 'infos',
  statut: 'active',
  condition: 'true',
  message: '<p>Bienvenue à tous</p>',
  // Its source, as the editor gets it: the HTML itself when a test gives only that.
  message_markdown: overrides.message ?? 'Bienvenue à tous',
  starts_at: null,
  ends_at: null,
  post_to_discord: false,
  ...overrides,
});

const welcome = buildAlert({});
const guests = buildAlert({
  _id: '65f1c0ffee0000000000a002',
  type: 'warn',
  condition: 'role == "guest"',
  message: '<p><strong>Complétez</strong> votre profil<script>window.__xss = 1</script></p>',
  message_markdown: '**Complétez** votre profil',
});
const archived = buildAlert({
  _id: '65f1c0ffee0000000000a003',
  type: 'success',
  statut: 'inactive',
  condition: 'member_days < 30',
  message: '<p>Tournoi gagné</p>',
});
const allAlerts = [welcome, guests, archived];

/** POST /api/alerts/preview as the server answers it: 12 of 30 members, or an error at `==`. */
const previewing: Handler = async (request) => {
  const { condition } = (await request.json()) as { condition: string };
  const end = condition.length;
  const mark = condition.indexOf('?');
  const answer: AlertPreview = condition.endsWith('==')
    ? {
        valid: false,
        position: end,
        reason: 'expected a value, found the end of the condition',
        problem: { reason: 'expected_value', position: end, found: { kind: 'end' } },
      }
    : condition.includes('?')
      ? {
          valid: false,
          position: mark,
          reason: "unexpected character '?'",
          problem: { reason: 'unexpected_character', position: mark, character: '?' },
        }
      : { valid: true, matches: 12, total: 30 };
  return Response.json(answer);
};

/** Answers a write with the alert it makes, as the server does. */
const savedAlert =
  (id: string, status = 200): Handler =>
  async (request) => {
    const body = (await request.json()) as AlertBody;
    // The server's rendering does not matter here: the source stands in for it.
    return Response.json({ _id: id, ...body, message_markdown: body.message }, { status });
  };

/**
 * GET /api/alerts: every alert with ?all=1, as the server has them (`stored`, which a test may
 * change); none for the admin's own banner.
 */
function listing(stored: Alert[]): Handler {
  return (request) =>
    Response.json(new URL(request.url).searchParams.get('all') === '1' ? stored : []);
}

const noWebhook = NO_DISCORD_WEBHOOK;

function openAlertsTab({
  at = '/settings/organization?tab=alerts',
  routes = {} as Routes,
  stored = allAlerts,
  language = 'fr' as Language,
} = {}) {
  return renderApp({
    at,
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/alerts': listing(stored),
      'POST /api/alerts/preview': previewing,
      'GET /api/discord/webhook': json(noWebhook),
      'GET /api/teams': json([]),
      ...routes,
    },
  });
}

const adminListRequests = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  requestsTo(fetchMock, 'GET', '/api/alerts').filter((request) => request.url.endsWith('?all=1'));

const table = () => screen.getByRole('table', { name: 'Liste des alertes' });
const messages = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const dialog = () => screen.getByRole('dialog');
const conditionField = () => within(dialog()).getByRole('textbox', { name: /^Condition/ });
const messageField = () => within(dialog()).getByRole('textbox', { name: /^Message/ });

/** Writes the condition as text, as an expert would: a new alert opens in the builder. */
async function typeCondition(user: UserEvent, condition: string) {
  const asText = within(dialog()).getByRole('button', { name: /^(En texte|As text)$/ });
  if (asText.getAttribute('aria-pressed') !== 'true') await user.click(asText);
  await user.clear(conditionField());
  if (condition) await user.type(conditionField(), condition);
}

// The dialog is filled in key by key, as an admin would: that takes more than the default 5 s.
describe('admin settings: the Alerts tab', { timeout: 20_000 }, () => {
  it('lists every alert: message (sanitized), condition, type and status', async () => {
    const { fetchMock } = openAlertsTab();

    await screen.findByRole('table', { name: 'Liste des alertes' });
    expect(adminListRequests(fetchMock)).toHaveLength(1);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Message', 'Condition', 'Type', 'Statut', 'Actions']);
    const cells = (message: string) =>
      within(screen.getByRole('row', { name: new RegExp(message) }))
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent);
    expect(cells('Bienvenue')).toEqual(['true', 'Information', 'Active']);
    expect(cells('Complétez')).toEqual(['role == "guest"', 'Avertissement', 'Active']);
    expect(cells('Tournoi')).toEqual(['member_days < 30', 'Succès', 'Inactive']);
    // The markup is kept, the script is not.
    const guestsRow = screen.getByRole('row', { name: /Complétez/ });
    expect(within(guestsRow).getByText('Complétez').tagName).toBe('STRONG');
    expect(table().querySelector('script')).toBeNull();
    expect(
      within(guestsRow).getByRole('button', {
        name: "Modifier l'alerte « Complétez votre profil »",
      }),
    ).toBeVisible();
  });

  it('filters by type and by status, in the address', async () => {
    const { user, currentLocation } = openAlertsTab();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Active');
    expect(messages()).toEqual(['Bienvenue à tous', 'Complétez votre profil']);
    expect(currentLocation().search).toBe('?tab=alerts&status=active');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Avertissement');
    expect(messages()).toEqual(['Complétez votre profil']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Succès');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Aucune alerte ne correspond à ces filtres.')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Tous les statuts');
    expect(messages()).toEqual(['Tournoi gagné']);
  });

  it('opens with the filters the address names', async () => {
    openAlertsTab({ at: '/settings/organization?tab=alerts&type=warn&status=active' });

    await screen.findByRole('table');
    expect(messages()).toEqual(['Complétez votre profil']);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('warn');
  });

  it('says when there is no alert yet', async () => {
    openAlertsTab({ stored: [] });

    expect(
      await screen.findByText('Aucune alerte pour le moment : ajoutez la première.'),
    ).toBeVisible();
  });

  it('says which fields are missing, without asking the server', async () => {
    const { user, fetchMock } = openAlertsTab();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));
    await typeCondition(user, '');
    await user.type(messageField(), '<script>alert(1)</script>');
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));

    expect(conditionField()).toHaveAttribute('aria-invalid', 'true');
    expect(conditionField()).toHaveFocus();
    expect(conditionField()).toHaveAccessibleDescription(
      expect.stringContaining('Ce champ est obligatoire.'),
    );
    // Markup that keeps no text once sanitized is no message at all.
    expect(messageField()).toHaveAccessibleDescription(
      expect.stringContaining('Le message doit contenir du texte.'),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/alerts')).toHaveLength(0);
    // Only the new alert's "true" was checked: never the empty condition.
    expect(requestsTo(fetchMock, 'POST', '/api/alerts/preview')).toHaveLength(1);
  });

  it('checks the condition as it is typed: how many members it matches', async () => {
    const { user, fetchMock } = openAlertsTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));

    await typeCondition(user, 'role == "guest"');

    expect(
      await within(dialog()).findByText(
        'Condition valide : 12 membres sur 30 sont concernés en ce moment.',
      ),
    ).toBeVisible();
    // Asked for the new alert's "true", then once when typing paused, not at every key.
    const asked = requestsTo(fetchMock, 'POST', '/api/alerts/preview');
    expect(await Promise.all(asked.map((request) => request.json()))).toEqual([
      { condition: 'true' },
      { condition: 'role == "guest"' },
    ]);
    expect(conditionField()).toHaveAccessibleDescription(expect.stringContaining('12 membres'));
  });

  it('shows why a condition is invalid, highlights the character and selects it', async () => {
    const { user } = openAlertsTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));

    await typeCondition(user, '  role ? "guest"');

    expect(
      await within(dialog()).findByText(
        'Condition invalide : caractère inattendu « ? » (caractère 6).',
      ),
    ).toBeVisible();
    const mark = dialog().querySelector('mark');
    expect(mark?.textContent).toBe('?');
    expect(mark?.closest('pre')?.textContent).toBe('role ? "guest"');

    await user.click(within(dialog()).getByRole('button', { name: "Aller à l'erreur" }));
    expect(conditionField()).toHaveFocus();
    const field = conditionField() as HTMLTextAreaElement;
    expect(field.value.slice(field.selectionStart, field.selectionEnd)).toBe('?');
  });

  it('marks the end of a condition that stops too early', async () => {
    const { user } = openAlertsTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));

    await typeCondition(user, 'role ==');

    expect(
      await within(dialog()).findByText(
        'Condition invalide : une valeur est attendue, trouvé : la fin de la condition (caractère 8).',
      ),
    ).toBeVisible();
    expect(dialog().querySelector('mark')?.textContent).toBe(' ');
  });

  it('explains a refused condition in English to an English reader', async () => {
    const { user } = openAlertsTab({ language: 'en' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add an alert' }));

    await typeCondition(user, 'role ==');

    expect(
      await within(dialog()).findByText(
        'Invalid condition: expected a value, found the end of the condition (character 8).',
      ),
    ).toBeVisible();
  });

  it('previews the Markdown message as members will see it, rendered and sanitized', async () => {
    const { user } = openAlertsTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: /^Type/ }), 'warn');
    expect(messageField()).toHaveAccessibleDescription(
      expect.stringContaining('Mise en forme : **gras**, *italique*'),
    );

    const written =
      '**Attention** au *piège* : [piège](javascript:alert(1)) [site](https://hiboux.example)\n\n' +
      '- un\n- deux ![x](https://evil.example/x.png)<img src=x onerror="alert(1)">';
    await user.click(messageField());
    await user.paste(written);
    await user.click(within(dialog()).getByRole('tab', { name: 'Aperçu' }));

    const preview = (await within(dialog()).findByText('Attention')).closest('[data-type]')!;
    expect(preview).toHaveAttribute('data-type', 'warn');
    expect(within(preview as HTMLElement).getByText('Attention').tagName).toBe('STRONG');
    expect(within(preview as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    expect(preview.querySelector('img')).toBeNull();
    expect(within(preview as HTMLElement).queryByRole('link', { name: 'piège' })).toBeNull();
    const site = within(preview as HTMLElement).getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    // The text is still there to write on.
    await user.click(within(dialog()).getByRole('tab', { name: 'Écrire' }));
    expect(messageField()).toHaveValue(written);
  });

  it('switches between writing and previewing with the keyboard', async () => {
    const { user } = openAlertsTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));
    await user.type(messageField(), 'Soirée *jeux*');

    // Back from the text to its tabs, then across to the preview.
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(dialog()).getByRole('tab', { name: 'Écrire' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog()).getByRole('tab', { name: 'Aperçu' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect((await within(dialog()).findByText('jeux')).tagName).toBe('EM');
    expect(within(dialog()).queryByRole('textbox', { name: /^Message/ })).toBeNull();
  });

  it('creates an alert, then lists it', async () => {
    const created = buildAlert({
      _id: '65f1c0ffee0000000000a004',
      type: 'success',
      condition: '"valorant" in games',
      message: '<p>Nouveau tournoi <strong>Valorant</strong></p>',
      message_markdown: 'Nouveau tournoi **Valorant**',
    });
    const { user, fetchMock } = openAlertsTab({
      routes: { 'POST /api/alerts': savedAlert(created._id, 201) },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));

    await user.selectOptions(within(dialog()).getByRole('combobox', { name: /^Type/ }), 'Succès');
    await user.selectOptions(
      within(dialog()).getByRole('combobox', { name: /^Statut/ }),
      'Inactive',
    );
    await typeCondition(user, created.condition);
    await user.type(messageField(), created.message_markdown);
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));

    expect(await screen.findByText("L'alerte a été ajoutée.")).toBeVisible();
    expect(await sentBody(fetchMock, 'POST', '/api/alerts')).toEqual({
      type: 'success',
      statut: 'inactive',
      condition: '"valorant" in games',
      message: 'Nouveau tournoi **Valorant**',
      starts_at: null,
      ends_at: null,
      post_to_discord: false,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list loads again.
    await waitFor(() => expect(adminListRequests(fetchMock)).toHaveLength(2));
  });

  it('shows the server’s refusal of a condition on the field', async () => {
    const { user } = openAlertsTab({
      routes: {
        'POST /api/alerts': apiError(
          400,
          'invalid_condition',
          'Invalid condition: calls are not part of the language (at character 6)',
          [
            {
              path: 'body.condition',
              message: 'calls are not part of the language (at character 6)',
              code: 'invalid_condition',
              params: { condition: { reason: 'no_calls', position: 5 } },
            },
          ],
          { condition: { reason: 'no_calls', position: 5 } },
        ),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));

    await typeCondition(user, 'alert(1)');
    await user.type(messageField(), 'Bonjour');
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));

    expect(
      await within(dialog()).findByText(
        "Échec de l'enregistrement de l'alerte. Condition invalide : les appels de fonction ne font pas partie du langage (caractère 6).",
      ),
    ).toBeVisible();
    expect(conditionField()).toHaveAccessibleDescription(
      /Condition invalide\s:\sles appels de fonction ne font pas partie du langage \(caractère 6\)\./,
    );
    expect(dialog()).not.toHaveTextContent(/calls are not part/);
    expect(conditionField()).toHaveFocus();
    expect(dialog()).toBeVisible();
  });

  it('edits an alert with its current values', async () => {
    const { user, fetchMock } = openAlertsTab({
      routes: { [`PUT /api/alerts/${guests._id}`]: savedAlert(guests._id) },
    });
    await screen.findByRole('table');

    await user.click(
      screen.getByRole('button', { name: "Modifier l'alerte « Complétez votre profil »" }),
    );
    expect(within(dialog()).getByRole('heading', { name: "Modifier l'alerte" })).toBeVisible();
    // A condition the builder can show opens in it.
    expect(within(dialog()).getByRole('checkbox', { name: 'Invité (guest)' })).toBeChecked();
    expect(within(dialog()).getByRole('figure', { name: 'Condition écrite' })).toHaveTextContent(
      'role == "guest"',
    );
    // The message as it was written, in Markdown, not its rendering.
    expect(messageField()).toHaveValue('**Complétez** votre profil');
    expect(within(dialog()).getByRole('combobox', { name: /^Type/ })).toHaveValue('warn');
    // The stored condition is checked at once.
    expect(await within(dialog()).findByText(/12 membres sur 30/)).toBeVisible();

    await user.selectOptions(
      within(dialog()).getByRole('combobox', { name: /^Statut/ }),
      'Inactive',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText("L'alerte a été enregistrée.")).toBeVisible();
    expect(await sentBody(fetchMock, 'PUT', `/api/alerts/${guests._id}`)).toMatchObject({
      type: 'warn',
      statut: 'inactive',
      condition: 'role == "guest"',
      message: '**Complétez** votre profil',
    });
  });

  it('deletes an alert once confirmed', async () => {
    const stored = [...allAlerts];
    const { user, fetchMock } = openAlertsTab({
      stored,
      routes: {
        [`DELETE /api/alerts/${archived._id}`]: (request) => {
          stored.splice(stored.indexOf(archived), 1);
          return noContent(request);
        },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: "Supprimer l'alerte « Tournoi gagné »" }));
    const confirm = screen.getByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir supprimer cette alerte ?',
    });
    expect(confirm).toHaveAccessibleDescription(
      "L'alerte « Tournoi gagné » ne sera plus montrée à personne.",
    );
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText("L'alerte « Tournoi gagné » a été supprimée.")).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE', `/api/alerts/${archived._id}`)).toHaveLength(1);
    await waitFor(() => expect(messages()).not.toContain('Tournoi gagné'));
  });

  it('reads in English, with the condition help', async () => {
    const { user } = renderApp({
      at: '/settings/organization?tab=alerts',
      language: 'en',
      routes: {
        'GET /api/session': signedIn(admin),
        'GET /api/alerts': listing(allAlerts),
        'POST /api/alerts/preview': previewing,
        'GET /api/teams': json([]),
      },
    });
    await screen.findByRole('table', { name: 'Alerts list' });

    await user.click(screen.getByRole('button', { name: 'Add an alert' }));
    await user.click(within(dialog()).getByText('Help: writing a condition'));

    expect(within(dialog()).getByText('member_days < 30')).toBeVisible();
    expect(within(dialog()).getByText('those who joined less than 30 days ago')).toBeVisible();
    expect(within(dialog()).getByRole('heading', { name: 'Operators' })).toBeVisible();
  });

  it.each([
    {
      language: 'fr',
      add: 'Ajouter une alerte',
      submit: "Ajouter l'alerte",
      message: /^Message/,
      count: '12 / 2000 caractères',
      over: '2010 / 2000 caractères : 10 de trop',
      tooLong: 'Le message dépasse 2000 caractères\u00a0: raccourcissez-le.',
    },
    {
      language: 'en',
      add: 'Add an alert',
      submit: 'Add the alert',
      message: /^Message/,
      count: '12 / 2000 characters',
      over: '2010 / 2000 characters: 10 too many',
      tooLong: 'The message is over 2000 characters: shorten it.',
    },
  ] as const)(
    'counts the message’s characters and keeps a pasted text whole, saying what is too much ($language)',
    async ({ language, add, submit, message, count, over, tooLong }) => {
      const { user, fetchMock } = renderApp({
        at: '/settings/organization?tab=alerts',
        language,
        routes: {
          'GET /api/session': signedIn(admin),
          'GET /api/alerts': listing(allAlerts),
          'POST /api/alerts/preview': previewing,
          'GET /api/teams': json([]),
        },
      });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: add }));
      const field = within(dialog()).getByRole('textbox', { name: message });

      await user.type(field, 'Hello, world');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(count));

      const pasted = 'x'.repeat(ALERT_MESSAGE_MAX_LENGTH - 2);
      await user.click(field);
      await user.paste(pasted);
      // Nothing cut: the whole text is there, and the counter says by how much it is over.
      expect(field).toHaveValue(`Hello, world${pasted}`);
      expect(within(dialog()).getByText(over)).toBeVisible();

      await user.click(within(dialog()).getByRole('button', { name: submit }));
      expect(field).toHaveAccessibleDescription(expect.stringContaining(tooLong));
      expect(field).toHaveFocus();
      expect(requestsTo(fetchMock, 'POST', '/api/alerts')).toHaveLength(0);
    },
  );

  it('sends the start and end dates as instants, and refuses an end before the start', async () => {
    const created = buildAlert({ _id: '65f1c0ffee0000000000a005' });
    const { user, fetchMock } = openAlertsTab({
      routes: { 'POST /api/alerts': savedAlert(created._id, 201) },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));
    await user.type(messageField(), 'Tournoi');
    const start = within(dialog()).getByLabelText(/^Début/);
    const end = within(dialog()).getByLabelText(/^Fin/);
    expect(start).toHaveAttribute('type', 'datetime-local');

    fireEvent.change(start, { target: { value: '2030-01-02T10:00' } });
    fireEvent.change(end, { target: { value: '2030-01-01T10:00' } });
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));
    expect(end).toHaveAccessibleDescription(
      expect.stringContaining('La fin doit venir après le début.'),
    );
    expect(requestsTo(fetchMock, 'POST', '/api/alerts')).toHaveLength(0);

    fireEvent.change(end, { target: { value: '2030-01-03T18:30' } });
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));
    expect(await sentBody(fetchMock, 'POST', '/api/alerts')).toMatchObject({
      starts_at: new Date('2030-01-02T10:00').toISOString(),
      ends_at: new Date('2030-01-03T18:30').toISOString(),
    });
  });

  it('shows an alert’s dates when editing it, and clears one left empty', async () => {
    const scheduled = buildAlert({
      _id: '65f1c0ffee0000000000a006',
      message: '<p>Maintenance</p>',
      starts_at: new Date('2030-05-01T08:00').toISOString(),
      ends_at: new Date('2030-05-01T12:00').toISOString(),
    });
    const { user, fetchMock } = openAlertsTab({
      stored: [scheduled],
      routes: { [`PUT /api/alerts/${scheduled._id}`]: savedAlert(scheduled._id) },
    });
    await screen.findByRole('table');
    // The list says when the alert shows.
    expect(
      within(screen.getByRole('row', { name: /Maintenance/ })).getByText(
        `Du ${formatDateTime(scheduled.starts_at!, 'fr')} au ${formatDateTime(scheduled.ends_at!, 'fr')}`,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Modifier l'alerte « Maintenance »" }));
    const start = within(dialog()).getByLabelText(/^Début/);
    expect(start).toHaveValue('2030-05-01T08:00');
    expect(within(dialog()).getByLabelText(/^Fin/)).toHaveValue('2030-05-01T12:00');

    fireEvent.change(start, { target: { value: '' } });
    await user.click(within(dialog()).getByRole('button', { name: 'Enregistrer' }));
    expect(await sentBody(fetchMock, 'PUT', `/api/alerts/${scheduled._id}`)).toMatchObject({
      starts_at: null,
      ends_at: scheduled.ends_at,
    });
  });

  it('offers to post to Discord when a webhook is set, and sends the choice', async () => {
    const created = buildAlert({ _id: '65f1c0ffee0000000000a009', post_to_discord: true });
    const { user, fetchMock } = openAlertsTab({
      routes: {
        'GET /api/discord/webhook': json({ ...noWebhook, configured: true, hint: '0001' }),
        'POST /api/alerts': savedAlert(created._id, 201),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));
    await user.type(messageField(), '<p>Match ce soir</p>');
    const post = await within(dialog()).findByRole('checkbox', { name: /Publier sur Discord/ });
    expect(post).not.toBeChecked();
    await user.click(post);
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));
    expect(await sentBody(fetchMock, 'POST', '/api/alerts')).toMatchObject({
      post_to_discord: true,
    });
  });

  it('points to the Discord tab when no webhook is set, and never asks to post', async () => {
    const { user, fetchMock } = openAlertsTab({
      routes: { 'POST /api/alerts': savedAlert('65f1c0ffee0000000000a00a', 201) },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Ajouter une alerte' }));
    expect(
      await within(dialog()).findByText(/ajoutez un webhook dans l'onglet Discord/),
    ).toBeVisible();
    expect(within(dialog()).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(messageField(), '<p>Sans Discord</p>');
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));
    expect(await sentBody(fetchMock, 'POST', '/api/alerts')).toMatchObject({
      post_to_discord: false,
    });
  });
});
