import { NO_DISCORD_WEBHOOK, type DiscordWebhook } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, noContent, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { summaryOf, buildTeamDetail } from '@/test/team-fixtures';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const URL_FROM_DISCORD =
  'https://discord.com/api/webhooks/1180000000000000001/tok_abcdefghijklmnopqrstuvwxyz012345';

const none = NO_DISCORD_WEBHOOK;
const set: DiscordWebhook = { ...none, configured: true, hint: '0001' };

function openDiscordTab(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/settings/organization?tab=discord',
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/teams': json([summaryOf(buildTeamDetail({ _id: '65f1c0ffee00000000000b01' }))]),
      'GET /api/teams/65f1c0ffee00000000000b01/discord-webhook': json(none),
      'GET /api/discord/roles': json({ bot: false, roles: [] }),
      'GET /api/discord/mappings': json([]),
      'GET /api/discord/history': json({ items: [], next_cursor: null }),
      'GET /api/discord/webhook': json(none),
      ...routes,
    },
  });
}

/** The webhook's card: the tab's code loads on demand, so the first test waits longer. */
const card = async () =>
  screen.findByRole('region', { name: 'Annonces sur Discord' }, { timeout: 10_000 });

describe('the Discord tab: the announcements webhook', { timeout: 20_000 }, () => {
  it('saves the URL Discord gives, then shows it is set without showing it', async () => {
    let state = none;
    const { user, fetchMock } = openDiscordTab({
      'GET /api/discord/webhook': () => Response.json(state),
      'PUT /api/discord/webhook': () => {
        state = set;
        return new Response(null, { status: 204 });
      },
    });
    const section = await card();
    expect(await within(section).findByText(/Aucun webhook/)).toBeVisible();
    await user.type(
      within(section).getByRole('textbox', { name: /Adresse du webhook/ }),
      URL_FROM_DISCORD,
    );
    await user.click(within(section).getByRole('button', { name: 'Enregistrer le webhook' }));

    expect(await within(section).findByText('Le webhook est enregistré.')).toBeVisible();
    const [put] = requestsTo(fetchMock, 'PUT', '/api/discord/webhook');
    expect(await put!.json()).toEqual({ url: URL_FROM_DISCORD });
    expect(await within(section).findByText(/identifiant terminé par 0001/)).toBeVisible();
    // The field is emptied: the address never shows again.
    expect(within(section).getByRole('textbox', { name: /Adresse du webhook/ })).toHaveValue('');
    expect(section.textContent).not.toContain('tok_');
  });

  it('says on the field that an address is needed, and sends nothing', async () => {
    const { user, fetchMock } = openDiscordTab();
    const section = await card();
    const field = within(section).getByRole('textbox', { name: /Adresse du webhook/ });
    await user.type(field, '   ');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer le webhook' }));

    expect(field).toHaveAccessibleDescription(/Ce champ est obligatoire/);
    expect(field).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT', '/api/discord/webhook')).toEqual([]);
  });

  it('says why the server refused the URL, in the reader’s language', async () => {
    const { user } = openDiscordTab({
      'PUT /api/discord/webhook': apiError(
        400,
        'invalid_discord_webhook_url',
        'Not a Discord webhook URL',
      ),
    });
    const section = await card();
    await user.type(
      within(section).getByRole('textbox', { name: /Adresse du webhook/ }),
      'https://evil.example/hook',
    );
    await user.click(within(section).getByRole('button', { name: 'Enregistrer le webhook' }));
    expect(
      await within(section).findByText(/Ce n'est pas l'adresse d'un webhook Discord/),
    ).toBeVisible();
  });

  it('says Discord deleted the webhook and that posts wait for a new one', async () => {
    openDiscordTab({
      'GET /api/discord/webhook': json({
        ...set,
        problem: 'webhook_deleted',
        problem_at: '2026-03-02T10:00:00.000Z',
        stopped: true,
        pending: 2,
      }),
    });
    const section = await card();
    expect(
      await within(section).findByText(/Le webhook a été supprimé côté Discord/),
    ).toBeVisible();
    expect(
      within(section).getByText(/suspendues jusqu'à ce qu'une nouvelle adresse/),
    ).toBeVisible();
    expect(within(section).getByText(/2 publications en attente/)).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Remplacer le webhook' })).toBeVisible();
  });

  it('removes the webhook once the admin confirms', async () => {
    const { user, fetchMock } = openDiscordTab({
      'GET /api/discord/webhook': json(set),
      'PUT /api/discord/webhook': noContent,
    });
    const section = await card();
    await user.click(await within(section).findByRole('button', { name: 'Retirer le webhook' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: /^Retirer le webhook des annonces\s\?$/,
    });
    expect(dialog).toHaveTextContent(/les publications en attente seront abandonnées/);
    expect(requestsTo(fetchMock, 'PUT', '/api/discord/webhook')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PUT', '/api/discord/webhook')).toHaveLength(1),
    );
    expect(await requestsTo(fetchMock, 'PUT', '/api/discord/webhook')[0]!.json()).toEqual({
      url: null,
    });
    expect(await within(section).findByText('Le webhook est retiré.')).toBeVisible();
  });

  it('reads in English', async () => {
    openDiscordTab(
      {
        'GET /api/discord/webhook': json({
          ...set,
          problem: 'discord_unreachable',
          problem_at: '2026-03-02T10:00:00.000Z',
        }),
      },
      'en',
    );
    const section = await screen.findByRole(
      'region',
      { name: 'Announcements on Discord' },
      { timeout: 10_000 },
    );
    expect(await within(section).findByText(/Discord did not answer/)).toBeVisible();
  });
});
