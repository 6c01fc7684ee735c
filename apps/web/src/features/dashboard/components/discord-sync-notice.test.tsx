import type { DiscordSyncStatus } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, healthyDiscordSync } from '@/test/fixtures';
import { apiError, json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });
const member = buildSessionUser({ pseudo: 'kiwi' });

const healthy = healthyDiscordSync;
const failure = { code: 'bot_token_refused', at: '2026-03-02T10:00:00.000Z' } as const;
/** One scheduled failure: could be a blip, the dashboard says nothing yet. */
const failedOnce: DiscordSyncStatus = { ...healthy, last_failure: failure };
/** Two in a row: the server says the sync is failing. */
const failedTwice: DiscordSyncStatus = { ...healthy, last_failure: failure, failing: true };

function openDashboard(user = admin, routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: {
      'GET /api/session': signedIn(user),
      'GET /api/teams': json([]),
      'GET /api/users/latest': json([]),
      ...routes,
    },
  });
}

/** The dashboard's code loads on demand: the first test waits longer for it. */
const notice = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('the Discord sync notice on the dashboard', { timeout: 20_000 }, () => {
  it('tells an admin that the scheduled sync keeps failing, with the way to the Discord tab', async () => {
    const { user, currentLocation } = openDashboard(admin, {
      'GET /api/discord/sync': json(failedTwice),
      'GET /api/discord/roles': json({ bot: true, roles: [] }),
      'GET /api/discord/mappings': json([]),
      'GET /api/discord/history': json({ items: [], next_cursor: null }),
      'GET /api/discord/webhook': json({
        configured: false,
        hint: null,
        problem: null,
        problem_at: null,
        stopped: false,
        pending: 0,
      }),
    });

    const region = await notice('Synchronisation avec Discord');
    expect(region).toHaveTextContent(
      'La synchronisation programmée avec Discord a échoué plusieurs fois de suite',
    );
    await user.click(
      within(region).getByRole('link', { name: "Voir pourquoi dans l'onglet Discord" }),
    );
    await waitFor(() =>
      expect(currentLocation()).toMatchObject({
        pathname: '/settings/organization',
        search: '?tab=discord',
      }),
    );
    expect(await screen.findByRole('tab', { name: 'Discord', selected: true })).toBeVisible();
  });

  it('says it in English too', async () => {
    openDashboard(admin, { 'GET /api/discord/sync': json(failedTwice) }, 'en');
    const region = await notice('Sync with Discord');
    expect(within(region).getByRole('link', { name: 'See why in the Discord tab' })).toBeVisible();
  });

  it.each([
    ['after a single failure', failedOnce],
    ['while the sync works', healthy],
  ])('says nothing %s', async (_, status) => {
    const { queryClient } = openDashboard(admin, { 'GET /api/discord/sync': json(status) });
    await screen.findByRole('region', { name: /^Bienvenue, boss/ });
    // The answer has arrived and been drawn: the notice would be there by now.
    await waitFor(() =>
      expect(queryClient.getQueryState(['discord', 'status'])?.status).toBe('success'),
    );
    expect(
      screen.queryByRole('region', { name: 'Synchronisation avec Discord' }),
    ).not.toBeInTheDocument();
  });

  it('is never shown to a member, who is not even asked about the sync', async () => {
    const { fetchMock } = openDashboard(member, {
      'GET /api/discord/sync': apiError(403, 'forbidden', 'Not allowed'),
    });
    await screen.findByRole('region', { name: /^Bienvenue, kiwi/ });
    expect(
      await screen.findByText("Vous ne faites partie d'aucune équipe pour le moment."),
    ).toBeVisible();
    expect(requestsTo(fetchMock, 'GET', '/api/discord/sync')).toHaveLength(0);
    expect(
      screen.queryByRole('region', { name: 'Synchronisation avec Discord' }),
    ).not.toBeInTheDocument();
  });
});
