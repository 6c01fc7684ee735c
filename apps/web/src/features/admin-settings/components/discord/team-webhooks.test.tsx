import { NO_DISCORD_WEBHOOK, type DiscordWebhook } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import {
  apiError,
  json,
  neverAnswers,
  requestsTo,
  sentBody,
  type Routes,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const lol = buildTeamDetail({ _id: '65f1c0ffee00000000000b01', name: 'Guildhall LoL' });
const valorant = buildTeamDetail({
  _id: '65f1c0ffee00000000000b02',
  name: 'Guildhall Valorant',
  game: 'valorant',
});
const LOL_WEBHOOK = `/api/teams/${lol._id}/discord-webhook`;
const VALORANT_WEBHOOK = `/api/teams/${valorant._id}/discord-webhook`;

const URL_FROM_DISCORD =
  'https://discord.com/api/webhooks/1180000000000000042/tok_abcdefghijklmnopqrstuvwxyz012345';

const none = NO_DISCORD_WEBHOOK;
const set = (hint: string): DiscordWebhook => ({ ...none, configured: true, hint });

function openDiscordTab(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/settings/organization?tab=discord',
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/teams': json([summaryOf(lol), summaryOf(valorant)]),
      'GET /api/discord/roles': json({ bot: false, roles: [] }),
      'GET /api/discord/mappings': json([]),
      'GET /api/discord/history': json({ items: [], next_cursor: null }),
      'GET /api/discord/webhook': json(none),
      [`GET ${LOL_WEBHOOK}`]: json(set('0001')),
      [`GET ${VALORANT_WEBHOOK}`]: json(none),
      ...routes,
    },
  });
}

/** The team channels' card: the tab's code loads on demand, so the first test waits longer. */
const card = (name = 'Salons des équipes') =>
  screen.findByRole('region', { name }, { timeout: 10_000 });
const team = async (name: string) => within(await card()).findByRole('group', { name });

describe('the Discord tab: each team’s channel', { timeout: 20_000 }, () => {
  it('explains where reminders go and says, team by team, whether a webhook is set', async () => {
    openDiscordTab();
    const section = await card();
    expect(
      within(section).getByText(/Les rappels des événements d'une équipe sont publiés/),
    ).toBeVisible();

    const lolGroup = await team('Guildhall LoL');
    expect(await within(lolGroup).findByText(/identifiant terminé par 0001/)).toBeVisible();
    expect(within(lolGroup).getByRole('button', { name: 'Remplacer le webhook' })).toBeVisible();
    expect(within(lolGroup).getByRole('button', { name: 'Retirer le webhook' })).toBeVisible();

    const valorantGroup = await team('Guildhall Valorant');
    expect(
      await within(valorantGroup).findByText(/les rappels de ses événements ne sont pas publiés/),
    ).toBeVisible();
    expect(
      within(valorantGroup).queryByRole('button', { name: 'Retirer le webhook' }),
    ).not.toBeInTheDocument();
    // The team channels come after the organisation's announcements.
    const announcements = screen.getByRole('region', { name: 'Annonces sur Discord' });
    expect(
      announcements.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('sends the URL to the team’s endpoint, then shows it is set without showing it', async () => {
    let state = none;
    const { user, fetchMock } = openDiscordTab({
      [`GET ${VALORANT_WEBHOOK}`]: () => Response.json(state),
      [`PUT ${VALORANT_WEBHOOK}`]: () => {
        state = set('0042');
        return new Response(null, { status: 204 });
      },
    });
    const group = await team('Guildhall Valorant');
    await within(group).findByText(/Aucun webhook/);
    await user.type(
      within(group).getByRole('textbox', { name: /Adresse du webhook/ }),
      URL_FROM_DISCORD,
    );
    await user.click(within(group).getByRole('button', { name: 'Enregistrer le webhook' }));

    expect(await sentBody(fetchMock, 'PUT', VALORANT_WEBHOOK)).toEqual({ url: URL_FROM_DISCORD });
    expect(await within(group).findByText('Le webhook est enregistré.')).toBeVisible();
    expect(await within(group).findByText(/identifiant terminé par 0042/)).toBeVisible();
    expect(within(group).getByRole('textbox', { name: /Adresse du webhook/ })).toHaveValue('');
    expect(group.textContent).not.toContain('tok_');
    // Neither the organisation's webhook nor another team's was touched.
    expect(requestsTo(fetchMock, 'PUT', '/api/discord/webhook')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'PUT', LOL_WEBHOOK)).toHaveLength(0);
  });

  it('removes a team’s webhook only once the admin confirms, naming the team', async () => {
    let state = set('0001');
    const { user, fetchMock } = openDiscordTab({
      [`GET ${LOL_WEBHOOK}`]: () => Response.json(state),
      [`PUT ${LOL_WEBHOOK}`]: () => {
        state = none;
        return new Response(null, { status: 204 });
      },
    });
    const group = await team('Guildhall LoL');
    const remove = await within(group).findByRole('button', { name: 'Retirer le webhook' });

    // Cancelled: nothing is sent, the focus goes back to the button.
    await user.click(remove);
    const asked = await screen.findByRole('alertdialog', {
      name: /^Retirer le webhook de l'équipe «\sGuildhall LoL\s»\s\?$/,
    });
    await user.click(within(asked).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(remove).toHaveFocus());
    expect(requestsTo(fetchMock, 'PUT', LOL_WEBHOOK)).toHaveLength(0);

    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/Les rappels de ses événements ne seront plus publiés/);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));

    expect(await sentBody(fetchMock, 'PUT', LOL_WEBHOOK)).toEqual({ url: null });
    expect(await within(group).findByText('Le webhook est retiré.')).toBeVisible();
    expect(await within(group).findByText(/Aucun webhook/)).toBeVisible();
    // The remove button is gone: the focus is where a new address is typed.
    expect(within(group).getByRole('textbox', { name: /Adresse du webhook/ })).toHaveFocus();
  });

  it('says why the server refused the URL, in the reader’s language', async () => {
    const { user } = openDiscordTab({
      [`PUT ${VALORANT_WEBHOOK}`]: apiError(
        400,
        'invalid_discord_webhook_url',
        'Not a Discord webhook URL',
      ),
    });
    const group = await team('Guildhall Valorant');
    await user.type(
      within(group).getByRole('textbox', { name: /Adresse du webhook/ }),
      'https://evil.example/hook',
    );
    await user.click(within(group).getByRole('button', { name: 'Enregistrer le webhook' }));
    const alert = await within(group).findByRole('alert');
    expect(alert).toHaveTextContent(/Le webhook n'a pas été enregistré/);
    expect(alert).toHaveTextContent(/Ce n'est pas l'adresse d'un webhook Discord/);
    expect(alert).not.toHaveTextContent('Not a Discord webhook URL');
  });

  it('says when a team’s posts are stopped, and why', async () => {
    openDiscordTab({
      [`GET ${LOL_WEBHOOK}`]: json({
        ...set('0001'),
        problem: 'webhook_deleted',
        problem_at: '2026-03-02T10:00:00.000Z',
        stopped: true,
        pending: 3,
      }),
    });
    const group = await team('Guildhall LoL');
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      /supprimé côté Discord.*suspendues/,
    );
    expect(within(group).getByText(/3 publications en attente/)).toBeVisible();
  });

  it('shows skeletons while the teams load', async () => {
    openDiscordTab({ 'GET /api/teams': neverAnswers });
    const section = await card();
    expect(within(section).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('says when there is no team yet, and points to the Teams tab', async () => {
    openDiscordTab({ 'GET /api/teams': json([]) });
    const section = await card();
    expect(await within(section).findByText(/Aucune équipe pour l'instant/)).toBeVisible();
    expect(within(section).getByRole('link', { name: "Ouvrir l'onglet Équipes" })).toHaveAttribute(
      'href',
      '/settings/organization?tab=teams',
    );
  });

  it('says when the teams cannot be read', async () => {
    openDiscordTab({ 'GET /api/teams': apiError(503, 'database_unavailable', 'Unavailable') });
    const section = await card();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /Les équipes ne peuvent pas être lues/,
    );
  });

  it('reads in English', async () => {
    const { user } = openDiscordTab(
      {
        [`PUT ${VALORANT_WEBHOOK}`]: apiError(
          400,
          'discord_webhook_unknown',
          'Discord does not know this webhook',
        ),
      },
      'en',
    );
    const section = await card('Team channels');
    expect(within(section).getByText(/A team's event reminders are posted/)).toBeVisible();
    const group = await within(section).findByRole('group', { name: 'Guildhall Valorant' });
    expect(await within(group).findByText(/its events' reminders are not posted/)).toBeVisible();
    await user.type(
      within(group).getByRole('textbox', { name: /Webhook address/ }),
      URL_FROM_DISCORD,
    );
    await user.click(within(group).getByRole('button', { name: 'Save the webhook' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      /Discord does not know this webhook: it may have been deleted/,
    );
  });
});
