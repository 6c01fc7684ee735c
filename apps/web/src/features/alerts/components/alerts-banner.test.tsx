import type { Alert } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, noContent, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { setMobileViewport } from '@/test/viewport';

const member = buildSessionUser({ _id: '65f1c0ffee00000000000b0b', pseudo: 'kiwi' });

const buildAlert = (id: string, overrides: Partial<Alert>): Alert => ({
  _id: `65f1c0ffee000000000000${id}`,
  type: 'infos',
  statut: 'active',
  condition: 'true',
  message: '<p>Message</p>',
  message_markdown: overrides.message ?? 'Message',
  starts_at: null,
  ends_at: null,
  post_to_discord: false,
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

const dismissRoute = (alert: Alert) => `POST /api/alerts/${alert._id}/dismiss`;

function openDashboard(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: {
      'GET /api/session': signedIn(member),
      ...Object.fromEntries(
        [maintenance, victory, profile].map((alert) => [dismissRoute(alert), noContent]),
      ),
      ...routes,
    },
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

  it('tells the server which alert the member dismissed, so that it stays hidden on the next visits', async () => {
    const { user, fetchMock } = openDashboard({ 'GET /api/alerts': json([maintenance, victory]) });
    await screen.findByText('Maintenance');

    await user.click(within(items()[1]!).getByRole('button', { name: 'Masquer cette alerte' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', `/api/alerts/${victory._id}/dismiss`)).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST', `/api/alerts/${maintenance._id}/dismiss`)).toHaveLength(0);
    expect(screen.queryByText('Victoire en finale')).not.toBeInTheDocument();
  });

  it('keeps a dismissed alert hidden for the visit when the server cannot remember it, and logs why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = openDashboard({
      'GET /api/alerts': json([maintenance]),
      [dismissRoute(maintenance)]: apiError(503, 'database_unavailable', 'Database unavailable'),
    });
    await user.click(await screen.findByRole('button', { name: 'Masquer cette alerte' }));

    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Error dismissing an alert:',
        expect.objectContaining({ message: 'Database unavailable' }),
      ),
    );
    expect(screen.queryByText('Maintenance')).not.toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('asks for the alerts again when the member saves its profile: "complete your profile" goes', async () => {
    let answers = [[profile, victory], [victory]];
    const { user, fetchMock } = openDashboard({
      'GET /api/alerts': () => Response.json(answers.shift() ?? []),
      'PUT /api/user': json({ ...member, name: 'Kiwi', surname: 'Martin' }),
    });
    expect(await screen.findByText(/Complétez/)).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Mon compte' }));
    await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByText(/Complétez/)).not.toBeInTheDocument());
    expect(screen.getByText('Victoire en finale')).toBeVisible();
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(2);
    answers = [];
  });

  it.each([
    { language: 'fr', label: 'Vos alertes', more: 'Afficher plus', less: 'Afficher moins' },
    { language: 'en', label: 'Your alerts', more: 'Show more', less: 'Show less' },
  ] as const)(
    'collapses a long message to its first lines, with a button to read it all ($language)',
    async ({ language, label, more, less }) => {
      const long = buildAlert('a5', {
        message: `<p>${'Le tournoi de printemps se tiendra au gymnase. '.repeat(8)}</p><p>Fin du message</p>`,
      });
      const { user } = openDashboard({ 'GET /api/alerts': json([long, victory]) }, language);
      await screen.findByText('Victoire en finale');
      const [longItem, shortItem] = items(label);

      // A short message has nothing to expand.
      expect(within(shortItem!).queryByRole('button', { name: more })).not.toBeInTheDocument();
      const toggle = within(longItem!).getByRole('button', { name: more });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const message = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(message).toHaveTextContent('Fin du message');
      expect(message).toHaveAttribute('data-collapsed');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(toggle).toHaveAccessibleName(less);
      expect(message).not.toHaveAttribute('data-collapsed');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(message).toHaveAttribute('data-collapsed');
    },
  );

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
  it('on a phone, folds several alerts into one group: the first, then "2 autres alertes"', async () => {
    setMobileViewport(true);
    const { user } = openDashboard({ 'GET /api/alerts': json([maintenance, victory, profile]) });

    expect(await screen.findByText('Maintenance')).toBeVisible();
    expect(screen.getByText('Victoire en finale')).not.toBeVisible();
    expect(screen.getByText('votre profil')).not.toBeVisible();
    const more = within(banner()).getByRole('button', { name: '2 autres alertes' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    for (const text of ['Maintenance', 'Victoire en finale', 'votre profil'])
      expect(screen.getByText(text)).toBeVisible();
    const fewer = within(banner()).getByRole('button', { name: 'Replier les alertes' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    expect(fewer).toHaveAttribute('aria-controls', within(banner()).getByRole('list').id);

    // With the keyboard, the group folds again.
    fewer.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Victoire en finale')).not.toBeVisible();
  });

  it('on a phone, says in English how many more alerts there are', async () => {
    setMobileViewport(true);
    openDashboard({ 'GET /api/alerts': json([maintenance, victory]) }, 'en');

    expect(
      await within(await screen.findByRole('region', { name: 'Your alerts' })).findByRole(
        'button',
        { name: '1 more alert' },
      ),
    ).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a larger screen, shows every alert, with no group', async () => {
    openDashboard({ 'GET /api/alerts': json([maintenance, victory, profile]) });

    expect(await screen.findByText('Maintenance')).toBeVisible();
    expect(items()).toHaveLength(3);
    expect(within(banner()).queryByRole('button', { name: /autres? alertes?/ })).toBeNull();
  });
});
