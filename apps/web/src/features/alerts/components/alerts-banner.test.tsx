import type { Alert } from '@guildhall/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { createQueryClient } from '@/app/query-client';
import { createI18n } from '@/i18n/i18n';
import { sessionQueryKey } from '@/lib/session/get-session';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, mockApi, requestsTo, type Routes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { AlertsBanner } from './alerts-banner';

const member = buildSessionUser({ _id: '65f1c0ffee00000000000b0b', pseudo: 'kiwi' });

const buildAlert = (id: string, overrides: Partial<Alert>): Alert => ({
  _id: `65f1c0ffee000000000000${id}`,
  type: 'infos',
  statut: 'active',
  condition: 'true',
  message: '<p>Message</p>',
  ...overrides,
});

const maintenance = buildAlert('a1', {
  type: 'warn',
  message: '<p><strong>Maintenance</strong> ce soir</p>',
});
const victory = buildAlert('a2', { type: 'success', message: '<p>Victoire en finale</p>' });
const profile = buildAlert('a3', {
  type: 'infos',
  message: '<p>Complétez <a href="https://hiboux.example/profil">votre profil</a></p>',
});

function openDashboard(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: { 'GET /api/user': json(member), ...routes },
  });
}

const banner = (name = 'Vos alertes') => screen.getByRole('region', { name });
const items = (name?: string) => within(banner(name)).getAllByRole('listitem');

describe('alerts banner', () => {
  it('shows the member’s alerts above the page, coloured by type with an icon and a type name', async () => {
    openDashboard({ 'GET /api/alerts': json([maintenance, victory, profile]) });

    expect(await screen.findByText('Maintenance')).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(banner());
    expect(items().map((item) => item.getAttribute('data-type'))).toEqual([
      'warn',
      'success',
      'infos',
    ]);
    const [warn, success, infos] = items();
    // Colour is never the only sign: each says its type to screen readers and draws an icon.
    expect(warn).toHaveTextContent(/^Avertissement : Maintenance ce soir$/);
    expect(success).toHaveTextContent(/^Succès : Victoire en finale$/);
    expect(infos).toHaveTextContent(/^Information : Complétez votre profil$/);
    for (const item of items()) expect(item.querySelector('svg')).not.toBeNull();
    expect(within(infos!).getByRole('link', { name: 'votre profil' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('shows nothing when there is no alert for the member', async () => {
    const { fetchMock } = openDashboard({ 'GET /api/alerts': json([]) });

    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Vos alertes' })).not.toBeInTheDocument();
  });

  it('hides a dismissed alert, keeps the others, and asks only once while moving around', async () => {
    const { user, fetchMock } = openDashboard({
      'GET /api/alerts': json([maintenance, victory]),
    });
    await screen.findByText('Maintenance');

    await user.click(within(items()[0]!).getByRole('button', { name: 'Masquer cette alerte' }));

    expect(screen.queryByText('Maintenance')).not.toBeInTheDocument();
    expect(screen.getByText('Victoire en finale')).toBeVisible();
    // The focus moves to what took the dismissed alert's place.
    expect(within(items()[0]!).getByRole('button')).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Mon compte' }));
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    expect(screen.queryByText('Maintenance')).not.toBeInTheDocument();
    expect(screen.getByText('Victoire en finale')).toBeVisible();
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(1);

    await user.click(within(items()[0]!).getByRole('button', { name: 'Masquer cette alerte' }));
    expect(screen.queryByRole('region', { name: 'Vos alertes' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('brings dismissed alerts back on the next load: dismissing is not remembered', async () => {
    const fetchMock = mockApi({ 'GET /api/alerts': json([maintenance]) });
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, member);
    const user = userEvent.setup();
    const shell = () => (
      <AppProviders queryClient={queryClient} i18n={createI18n('fr')}>
        <main tabIndex={-1}>
          <AlertsBanner />
        </main>
      </AppProviders>
    );
    const first = render(shell());
    await user.click(await screen.findByRole('button', { name: 'Masquer cette alerte' }));
    expect(screen.queryByText('Maintenance')).not.toBeInTheDocument();
    first.unmount();

    render(shell());

    expect(await screen.findByText('Maintenance')).toBeVisible();
    // Asked once per visit: the alerts come back from that answer, not from a new request.
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(1);
  });

  it('logs a failed fetch as "Error fetching alerts:" and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openDashboard({
      'GET /api/alerts': apiError(500, 'internal_error', 'Database unavailable'),
    });

    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Error fetching alerts:',
        expect.objectContaining({ message: 'Database unavailable' }),
      ),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Vos alertes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('sanitizes every message again: no script, no handler, no javascript: link', async () => {
    const hostile = buildAlert('a4', {
      type: 'warn',
      message:
        '<p>Lisez<script>window.__xss = 1</script><img src=x onerror="window.__xss = 1">' +
        '<a href="javascript:window.__xss = 1">ceci</a><svg onload="window.__xss = 1"></svg>' +
        '<iframe src="https://evil.example"></iframe></p>',
    });
    openDashboard({ 'GET /api/alerts': json([hostile]) });

    await screen.findByText('ceci');
    const alert = items()[0]!;
    expect(alert.querySelector('script, img, svg:not(.lucide), iframe')).toBeNull();
    expect(alert.innerHTML).not.toMatch(/onerror|onload|javascript:/);
    expect(within(alert).getByText('ceci')).not.toHaveAttribute('href');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('reads in English', async () => {
    openDashboard({ 'GET /api/alerts': json([victory]) }, 'en');

    expect(await screen.findByText('Victoire en finale')).toBeVisible();
    expect(items('Your alerts')[0]).toHaveTextContent(/^Success: Victoire en finale$/);
    expect(
      within(banner('Your alerts')).getByRole('button', { name: 'Hide this alert' }),
    ).toBeVisible();
  });
});
