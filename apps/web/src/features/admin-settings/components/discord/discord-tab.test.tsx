import {
  type DiscordGuildRoles,
  type DiscordImportReport,
  type DiscordRoleMapping,
  type DiscordSyncStatus,
  type MembershipEvent,
  NO_DISCORD_WEBHOOK,
} from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, buildUser, buildUsersPage, healthyDiscordSync } from '@/test/fixtures';
import {
  apiError,
  json,
  neverAnswers,
  noContent,
  requestsTo,
  sentBody,
  type Routes,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const CAPTAIN_ID = '65f1c0ffee00000000000c01';
const PLAYER_ID = '65f1c0ffee00000000000c02';
const lol = buildTeamDetail({
  _id: '65f1c0ffee00000000000b01',
  name: 'Guildhall LoL',
  roles: [
    { _id: CAPTAIN_ID, role: 'Captain' },
    { _id: PLAYER_ID, role: 'Players' },
  ],
});

const OFFICERS = '111111111111111111';
const MEMBERS = '222222222222222222';
const VETERANS = '333333333333333333';

const guild: DiscordGuildRoles = {
  bot: true,
  roles: [
    { id: MEMBERS, name: 'Members', color: 0, position: 1 },
    { id: OFFICERS, name: 'Officers', color: 0xff0000, position: 5 },
    { id: VETERANS, name: 'Veterans', color: 0, position: 3 },
  ],
};
const noBot: DiscordGuildRoles = { bot: false, roles: [] };

const mappings: DiscordRoleMapping[] = [
  { discord_role_id: OFFICERS, portal_role: 'admin', team_role_id: null },
  { discord_role_id: MEMBERS, portal_role: 'user', team_role_id: PLAYER_ID },
];

const event = (
  kind: MembershipEvent['kind'],
  detail: string | null,
  at: string,
  source: MembershipEvent['source'] = 'discord',
): MembershipEvent => ({
  _id: `65f1c0ffee0000000000e${String(Date.parse(at) % 1000).padStart(3, '0')}`,
  user_id: '65f1c0ffee00000000000d01',
  pseudo: 'Ember',
  kind,
  detail,
  source,
  created_at: at,
});

const syncStatus = healthyDiscordSync;

const history: MembershipEvent[] = [
  event('left_discord', null, '2026-03-02T10:00:00.003Z'),
  event('team_role_granted', 'Guildhall LoL · Captain', '2026-03-01T09:30:00.002Z'),
  event('role_granted', 'user', '2026-02-28T08:00:00.001Z', 'admin'),
];

function openDiscordTab({
  routes = {},
  language = 'fr',
}: { routes?: Routes; language?: 'fr' | 'en' } = {}) {
  return renderApp({
    at: '/settings/organization?tab=discord',
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/teams': json([summaryOf(lol)]),
      'GET /api/discord/roles': json(guild),
      'GET /api/discord/mappings': json(mappings),
      'GET /api/discord/history': json({ items: history, next_cursor: null }),
      'GET /api/discord/sync': json(syncStatus),
      'GET /api/jobs': json({ jobs: [] }),
      'GET /api/discord/webhook': json(NO_DISCORD_WEBHOOK),
      [`GET /api/teams/${lol._id}/discord-webhook`]: json(NO_DISCORD_WEBHOOK),
      ...routes,
    },
  });
}

/** The rows of the mapping: the fieldsets, not the team roles' option groups. */
const rows = () => screen.getAllByRole('group').filter((group) => group.tagName === 'FIELDSET');

/** The tab's code loads on demand: the first test waits longer for it. */
const rowNamed = (name: string) => screen.findByRole('group', { name }, { timeout: 10_000 });

describe('discord tab', { timeout: 20_000 }, () => {
  it('shows each mapped Discord role with what it grants, the guild’s roles highest first', async () => {
    openDiscordTab();

    const officers = await rowNamed('Officers');
    expect(rows().map((row) => row.querySelector('legend')?.textContent)).toEqual([
      'Officers',
      'Members',
    ]);
    const discordRole = within(officers).getByRole('combobox', { name: /Rôle Discord/ });
    expect(discordRole).toHaveValue(OFFICERS);
    expect(
      within(discordRole)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir un rôle Discord', 'Officers', 'Veterans', 'Members']);
    expect(within(officers).getByRole('combobox', { name: 'Rôle du portail' })).toHaveValue(
      'admin',
    );
    expect(within(officers).getByRole('combobox', { name: "Rôle d'équipe" })).toHaveValue('');

    const members = screen.getByRole('group', { name: 'Members' });
    const teamRole = within(members).getByRole('combobox', { name: "Rôle d'équipe" });
    expect(teamRole).toHaveValue(PLAYER_ID);
    expect(within(teamRole).getByRole('option', { selected: true })).toHaveTextContent(
      'Guildhall LoL · Players',
    );
    // With the bot, no id to type and no explanation.
    expect(rows().flatMap((row) => within(row).queryAllByRole('textbox'))).toEqual([]);
    expect(screen.queryByText(/DISCORD_BOT_TOKEN/)).not.toBeInTheDocument();
  });

  it('saves the whole list, rows added, changed and removed, and says so', async () => {
    const { user, fetchMock } = openDiscordTab({
      routes: { 'PUT /api/discord/mappings': noContent },
    });
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: 'Retirer Members de la liste' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter un rôle Discord' }));
    const added = screen.getByRole('group', { name: 'Nouveau rôle Discord' });
    // The focus goes to the new row's first field.
    await waitFor(() =>
      expect(within(added).getByRole('combobox', { name: /Rôle Discord/ })).toHaveFocus(),
    );
    await user.selectOptions(
      within(added).getByRole('combobox', { name: /Rôle Discord/ }),
      'Veterans',
    );
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Veterans' })).getByRole('combobox', {
        name: "Rôle d'équipe",
      }),
      'Guildhall LoL · Captain',
    );
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Officers' })).getByRole('combobox', {
        name: 'Rôle du portail',
      }),
      'Aucun',
    );
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Officers' })).getByRole('combobox', {
        name: "Rôle d'équipe",
      }),
      'Guildhall LoL · Captain',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await sentBody(fetchMock, 'PUT', '/api/discord/mappings')).toEqual([
      { discord_role_id: OFFICERS, portal_role: null, team_role_id: CAPTAIN_ID },
      { discord_role_id: VETERANS, portal_role: null, team_role_id: CAPTAIN_ID },
    ]);
    expect(await screen.findByText('Les rôles Discord ont été enregistrés.')).toBeVisible();
    // Saved: the removal can no longer be undone.
    expect(screen.queryByRole('button', { name: /Annuler le retrait/ })).not.toBeInTheDocument();
  });

  it('undoes a removal before saving, the row back in its place', async () => {
    const { user, fetchMock } = openDiscordTab({
      routes: { 'PUT /api/discord/mappings': noContent },
    });
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: 'Retirer Officers de la liste' }));
    expect(screen.queryByRole('group', { name: 'Officers' })).not.toBeInTheDocument();
    const undo = screen.getByRole('button', { name: 'Annuler le retrait de Officers' });
    await waitFor(() => expect(undo).toHaveFocus());
    expect(screen.getByText(/Officers a été retiré de la liste/)).toBeVisible();

    await user.keyboard('{Enter}');
    expect(rows().map((row) => row.querySelector('legend')?.textContent)).toEqual([
      'Officers',
      'Members',
    ]);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await sentBody(fetchMock, 'PUT', '/api/discord/mappings')).toEqual(mappings);
  });

  it('checks the rows before sending: a Discord role to choose, something to grant', async () => {
    const { user, fetchMock } = openDiscordTab();
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: 'Ajouter un rôle Discord' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const added = screen.getByRole('group', { name: 'Nouveau rôle Discord' });
    expect(
      within(added).getByRole('combobox', { name: /Rôle Discord/ }),
    ).toHaveAccessibleDescription('Choisissez un rôle Discord.');
    // A row granting nothing, and a Discord role mapped twice, are said on their row too.
    await user.selectOptions(
      within(added).getByRole('combobox', { name: /Rôle Discord/ }),
      'Officers',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [, again] = screen.getAllByRole('group', { name: 'Officers' });
    expect(
      within(again!).getByRole('combobox', { name: /Rôle Discord/ }),
    ).toHaveAccessibleDescription(/une seule fois dans la liste/);
    expect(
      within(again!).getByRole('combobox', { name: 'Rôle du portail' }),
    ).toHaveAccessibleDescription("Choisissez un rôle du portail, un rôle d'équipe, ou les deux.");
    expect(requestsTo(fetchMock, 'PUT', '/api/discord/mappings')).toHaveLength(0);
  });

  it('shows the server’s complaint on the field it is about, and keeps every row', async () => {
    const { user } = openDiscordTab({
      routes: {
        'PUT /api/discord/mappings': apiError(400, 'validation_failed', 'Invalid body', [
          { path: 'body.1.team_role_id', code: 'unknown_reference', message: 'No such team role' },
        ]),
      },
    });
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const members = screen.getByRole('group', { name: 'Members' });
    const teamRole = within(members).getByRole('combobox', { name: "Rôle d'équipe" });
    await waitFor(() =>
      expect(teamRole).toHaveAccessibleDescription(
        "Cet élément n'existe plus\u00a0: rechargez la page.",
      ),
    );
    expect(teamRole).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(teamRole).toHaveFocus());
    expect(
      within(screen.getByRole('group', { name: 'Officers' })).getByRole('combobox', {
        name: "Rôle d'équipe",
      }),
    ).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(/Échec de l'enregistrement des rôles Discord/)).toBeVisible();
    // Nothing lost.
    expect(rows()).toHaveLength(2);
    expect(within(members).getByRole('combobox', { name: 'Rôle du portail' })).toHaveValue('user');
  });

  it('without a bot, takes role ids typed by hand and explains what the bot adds', async () => {
    const { user, fetchMock } = openDiscordTab({
      routes: {
        'GET /api/discord/roles': json(noBot),
        'PUT /api/discord/mappings': noContent,
      },
    });

    const officers = await rowNamed(OFFICERS);
    expect(
      within(officers).getByRole('textbox', { name: /Identifiant du rôle Discord/ }),
    ).toHaveValue(OFFICERS);
    expect(screen.getByText(/Ajoutez le bot \(DISCORD_BOT_TOKEN\)/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ajouter un rôle Discord' }));
    const added = screen.getByRole('group', { name: 'Nouveau rôle Discord' });
    await user.type(
      within(added).getByRole('textbox', { name: /Identifiant du rôle Discord/ }),
      'abc',
    );
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'abc' })).getByRole('combobox', {
        name: 'Rôle du portail',
      }),
      'Invité',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const idField = within(screen.getByRole('group', { name: 'abc' })).getByRole('textbox', {
      name: /Identifiant du rôle Discord/,
    });
    expect(idField).toHaveAccessibleDescription(
      /Saisissez l'identifiant d'un rôle Discord \(des chiffres\)/,
    );
    expect(idField).toHaveFocus();

    await user.clear(idField);
    await user.type(idField, ' 444444444444444444 ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await sentBody(fetchMock, 'PUT', '/api/discord/mappings')).toEqual([
      ...mappings,
      { discord_role_id: '444444444444444444', portal_role: 'guest', team_role_id: null },
    ]);
  });

  it('explains the bot in English too', async () => {
    openDiscordTab({ language: 'en', routes: { 'GET /api/discord/roles': json(noBot) } });

    expect(await screen.findByText(/Add the bot \(DISCORD_BOT_TOKEN\)/)).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: MEMBERS })).getByRole('textbox', {
        name: /Discord role ID/,
      }),
    ).toHaveValue(MEMBERS);
  });

  it('syncs now and shows the report', async () => {
    const { user, fetchMock } = openDiscordTab({
      routes: { 'POST /api/discord/sync': json({ checked: 12, changed: 3, left: 1 }) },
    });
    await rowNamed('Officers');
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Synchroniser maintenant' }));

    expect(
      await screen.findByText(
        'Synchronisation terminée. Membres vérifiés : 12. Accès modifiés : 3. Départs du serveur : 1.',
      ),
    ).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', '/api/discord/sync')).toHaveLength(1);
    // What the sync changed shows in the history.
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET', '/api/discord/history')).toHaveLength(2),
    );
  });

  it.each([
    [
      503,
      'discord_not_configured',
      "Le serveur n'a pas de bot Discord : ajoutez-le (DISCORD_BOT_TOKEN et DISCORD_GUILD_ID) pour lire les rôles et synchroniser les membres.",
    ],
    [
      409,
      'discord_sync_running',
      'Une synchronisation avec Discord est déjà en cours : réessayez dans un instant.',
    ],
    [
      503,
      'discord_unavailable',
      'Discord a refusé le bot ou ne répond pas : vérifiez son jeton et ses droits, puis réessayez.',
    ],
  ] as const)('says why a sync failed: %s %s', async (status, code, text) => {
    const { user } = openDiscordTab({
      routes: { 'POST /api/discord/sync': apiError(status, code, 'Refused') },
    });
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: 'Synchroniser maintenant' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Échec de la synchronisation. ${text}`,
    );
  });

  it('lists the history newest first, each change in a sentence, with its date and source', async () => {
    openDiscordTab({
      // Sent in another order: shown newest first all the same.
      routes: {
        'GET /api/discord/history': json({
          items: [history[1], history[2], history[0]],
          next_cursor: null,
        }),
      },
    });

    const table = await screen.findByRole('table', { name: 'Historique des accès des membres' });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      [expect.stringMatching(/^2 mars 2026/), 'Ember a quitté le serveur Discord', 'Discord'],
      [
        expect.stringMatching(/^1 mars 2026/),
        "Rôle d'équipe accordé à Ember : Guildhall LoL · Captain",
        'Discord',
      ],
      [expect.stringMatching(/^28 févr\. 2026/), 'Rôle accordé à Ember : Membre', 'Administrateur'],
    ]);
  });

  it('reads the history in English', async () => {
    openDiscordTab({ language: 'en' });

    const table = await screen.findByRole('table', { name: "Members' access history" });
    expect(within(table).getByText('Ember left the Discord server')).toBeVisible();
    expect(
      within(table).getByText('Team role granted to Ember: Guildhall LoL · Captain'),
    ).toBeVisible();
    expect(within(table).getByText('Role granted to Ember: Member')).toBeVisible();
    expect(within(table).getByText('Admin')).toBeVisible();
    expect(within(table).getByText(/^Mar 2, 2026/)).toBeVisible();
  });

  it('shows skeletons while the history loads, then says when it is empty', async () => {
    openDiscordTab({ routes: { 'GET /api/discord/history': neverAnswers } });
    await rowNamed('Officers');
    const history = screen.getByRole('region', { name: 'Historique des accès' });
    expect(within(history).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('says when the history is empty', async () => {
    openDiscordTab({
      routes: { 'GET /api/discord/history': json({ items: [], next_cursor: null }) },
    });
    expect(await screen.findByText("Aucun changement d'accès pour le moment.")).toBeVisible();
  });

  it('says when the history cannot be loaded', async () => {
    openDiscordTab({
      routes: {
        'GET /api/discord/history': apiError(503, 'database_unavailable', 'Unavailable'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Erreur lors de la récupération de l'historique des accès.",
    );
  });

  it('shows when the guild was last read and sets how often it is', async () => {
    const { user, fetchMock } = openDiscordTab({ routes: { 'PUT /api/discord/sync': noContent } });

    expect(await screen.findByText(/^Dernière synchronisation : 2 mars 2026/)).toBeVisible();
    expect(screen.getByText(/^Prochaine synchronisation : 2 mars 2026/)).toBeVisible();
    const interval = screen.getByRole('combobox', { name: 'Fréquence' });
    expect(interval).toHaveDisplayValue('Toutes les heures');
    expect(
      within(interval)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Toutes les 15 minutes',
      'Toutes les 30 minutes',
      'Toutes les heures',
      'Toutes les 3 heures',
      'Toutes les 6 heures',
      'Toutes les 12 heures',
      'Toutes les 24 heures',
    ]);

    await user.selectOptions(interval, 'Toutes les 15 minutes');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la fréquence' }));

    expect(await sentBody(fetchMock, 'PUT', '/api/discord/sync')).toEqual({ interval_minutes: 15 });
    expect(await screen.findByText('Fréquence enregistrée.')).toBeVisible();
  });

  const failedAt = (code: NonNullable<DiscordSyncStatus['last_failure']>['code']) =>
    json({
      ...syncStatus,
      last_failure: { code, at: '2026-03-02T10:00:00.000Z' },
      failing: true,
    } satisfies DiscordSyncStatus);

  it('shows the last failure, when and why', async () => {
    openDiscordTab({ routes: { 'GET /api/discord/sync': failedAt('bot_token_refused') } });
    expect(
      await screen.findByText(
        /^Dernier échec : 2 mars 2026.*\. Discord a refusé le jeton du bot : vérifiez DISCORD_BOT_TOKEN/,
      ),
    ).toBeVisible();
  });

  it('says why the last sync failed in English too', async () => {
    openDiscordTab({
      language: 'en',
      routes: { 'GET /api/discord/sync': failedAt('discord_unreachable') },
    });
    expect(
      await screen.findByText(/^Last failure: .*2026.*\. Discord did not answer; /),
    ).toBeVisible();
  });

  it('shows no failure line while no sync has failed', async () => {
    openDiscordTab();
    expect(await screen.findByText(/^Dernière synchronisation : 2 mars 2026/)).toBeVisible();
    expect(screen.queryByText(/^Dernier échec/)).not.toBeInTheDocument();
  });

  it('says that without a bot access only follows sign-ins', async () => {
    openDiscordTab({
      routes: {
        'GET /api/discord/sync': json({
          ...syncStatus,
          bot: false,
          last_finished_at: null,
          next_at: null,
        }),
      },
    });
    expect(await screen.findByText('Aucune synchronisation pour le moment.')).toBeVisible();
    expect(
      screen.getByText("Sans bot, l'accès n'est mis à jour qu'à la connexion de chaque membre."),
    ).toBeVisible();
  });

  it('shows what importing the guild would do, then imports it', async () => {
    const preview: DiscordImportReport = {
      dry_run: true,
      in_guild: 5,
      bots: 1,
      already_members: 2,
      created: 2,
      members: [
        { discord_id: '2000000000000000001', discord_tag: 'ember', pseudo: 'Ember' },
        { discord_id: '2000000000000000002', discord_tag: 'kaelith', pseudo: 'Kaelith' },
      ],
    };
    const { user, fetchMock } = openDiscordTab({
      routes: {
        'POST /api/discord/import': async (request) => {
          const { dry_run } = (await request.json()) as { dry_run: boolean };
          return Response.json({ ...preview, dry_run });
        },
      },
    });
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: "Voir ce que l'import ferait" }));

    expect(
      await screen.findByText(
        "L'import créerait 2 membres invités. Sur le serveur : 5 comptes, dont déjà membres : 2, bots : 1. Rien n'est encore enregistré.",
      ),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: "Membres que l'import créerait" });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Emberember', 'Kaelithkaelith']);
    expect(requestsTo(fetchMock, 'POST', '/api/discord/import')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Importer 2 membres' }));

    expect(await screen.findByText('Import terminé : 2 membres invités créés.')).toBeVisible();
    const sent = requestsTo(fetchMock, 'POST', '/api/discord/import');
    expect(await Promise.all(sent.map((request) => request.json()))).toEqual([
      { dry_run: true },
      { dry_run: false },
    ]);
    expect(screen.getByRole('table', { name: "Membres créés par l'import" })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Importer \d/ })).not.toBeInTheDocument();
  });

  it('says when the bot may not list the guild’s members', async () => {
    const { user } = openDiscordTab({
      routes: {
        'POST /api/discord/import': apiError(409, 'discord_members_intent_missing', 'Refused'),
      },
    });
    await rowNamed('Officers');

    await user.click(screen.getByRole('button', { name: "Voir ce que l'import ferait" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Échec de l'import. Le bot n'a pas l'intention « Server Members »",
    );
  });

  it('syncs one member found by pseudo, and shows that member’s history', async () => {
    const ember = buildUser({
      _id: '65f1c0ffee00000000000d01',
      pseudo: 'Ember',
      discord_tag: 'ember',
    });
    const { user, fetchMock } = openDiscordTab({
      routes: {
        'GET /api/users': json(buildUsersPage({ users: [ember] })),
        'GET /api/discord/history': (request) =>
          Response.json({
            items:
              new URL(request.url).searchParams.get('userId') === ember._id
                ? [history[1]]
                : history,
            next_cursor: null,
          }),
        [`POST /api/discord/sync/${ember._id}`]: json({ checked: 1, changed: 1, left: 0 }),
      },
    });
    await rowNamed('Officers');

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un membre' }), 'Emb');
    await user.click(await screen.findByRole('button', { name: 'Choisir Ember' }));

    expect(screen.getByText('Ember, compte Discord ember')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Historique des accès de Ember' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(
      within(table).getByText("Rôle d'équipe accordé à Ember : Guildhall LoL · Captain"),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Synchroniser Ember' }));

    expect(await screen.findByText('Les accès de Ember ont été mis à jour.')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST', `/api/discord/sync/${ember._id}`)).toHaveLength(1);
  });
});
