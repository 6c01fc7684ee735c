import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const me = buildSessionUser({ _id: '65f1c0ffee00000000000001' });
const ADDRESS = 'https://portal.example/calendar/s3cr3t-token.ics';

function openCalendar(routes: Routes, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/settings/profile?tab=connections',
    language,
    routes: {
      'GET /api/session': signedIn(me),
      'GET /auth/methods': json({
        discord: true,
        local: true,
        twitch: true,
        twitter: true,
        riot: false,
      }),
      ...routes,
    },
  });
}

const calendarSection = async (name = 'Mon agenda') =>
  screen.findByRole('region', { name }).catch(() => {
    throw new Error(`no section ${name}`);
  });

describe('the calendar feed card', () => {
  it('makes an address, shows it once with a way to copy and open it', async () => {
    const { user, fetchMock } = openCalendar({
      'GET /api/calendar': json({ active: false, created_at: null }),
      'POST /api/calendar': json(
        { url: ADDRESS, webcal_url: ADDRESS.replace('https:', 'webcal:') },
        201,
      ),
    });
    const section = await calendarSection();
    await user.click(
      await within(section).findByRole('button', { name: "Créer mon adresse d'agenda" }),
    );
    // The address breaks at its separators: it is read whole from the element holding it.
    const shown = await within(section).findAllByText(
      (_, element) => element?.textContent === ADDRESS,
    );
    expect(shown[0]).toBeVisible();
    expect(within(section).getByText(/Elle ne sera plus affichée/)).toBeVisible();
    expect(
      within(section).getByRole('button', { name: "Copier l'adresse de mon agenda" }),
    ).toBeVisible();
    expect(
      within(section).getByRole('link', { name: "Ouvrir dans mon application d'agenda" }),
    ).toHaveAttribute('href', 'webcal://portal.example/calendar/s3cr3t-token.ics');
    expect(requestsTo(fetchMock, 'POST', '/api/calendar')).toHaveLength(1);
  });

  it('says since when an address is active, and revokes it after a confirmation', async () => {
    const { user, fetchMock } = openCalendar(
      {
        'GET /api/calendar': json({ active: true, created_at: '2026-11-20T10:00:00.000Z' }),
        'DELETE /api/calendar': () => new Response(null, { status: 204 }),
      },
      'en',
    );
    const section = await calendarSection('My calendar');
    expect(await within(section).findByText(/An address has been active since/)).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Revoke' }));
    // Nothing is revoked before the confirmation.
    expect(requestsTo(fetchMock, 'DELETE', '/api/calendar')).toHaveLength(0);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Revoke your calendar address?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE', '/api/calendar')).toHaveLength(1));
    expect(
      await within(section).findByRole('button', { name: 'Create my calendar address' }),
    ).toBeVisible();
  });
});
