import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
    const shown = await within(section).findByRole('textbox', {
      name: "L'adresse de mon agenda",
    });
    expect(shown).toHaveValue(ADDRESS);
    expect(shown).toHaveAttribute('readonly');
    expect(within(section).getByText(/Elle ne sera plus affichée/)).toBeVisible();
    // A button that says what it does, not an icon alone.
    const copy = within(section).getByRole('button', { name: "Copier l'adresse de mon agenda" });
    expect(copy).toHaveTextContent("Copier l'adresse de mon agenda");
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await within(section).findByRole('status')).toHaveTextContent('Adresse copiée.');
    expect(
      within(section).getByRole('link', { name: "Ouvrir dans mon application d'agenda" }),
    ).toHaveAttribute('href', 'webcal://portal.example/calendar/s3cr3t-token.ics');
    expect(requestsTo(fetchMock, 'POST', '/api/calendar')).toHaveLength(1);
  });

  it.each([
    [
      'fr',
      'Mon agenda',
      "Créer mon adresse d'agenda",
      "Copier l'adresse de mon agenda",
      "La copie n'a pas fonctionné : l'adresse est sélectionnée, copiez-la à la main (Ctrl+C ou appui long).",
      'Impossible de copier ce texte.',
    ],
    [
      'en',
      'My calendar',
      'Create my calendar address',
      'Copy my calendar address',
      'The copy did not work: the address is selected, copy it by hand (Ctrl+C or a long press).',
      'Could not copy this text.',
    ],
  ] as const)(
    'says in place, in %s, that a copy failed, with the address selected to copy by hand; no toast',
    async (language, title, create, copyName, failed, toastText) => {
      const { user } = openCalendar(
        {
          'GET /api/calendar': json({ active: false, created_at: null }),
          'POST /api/calendar': json(
            { url: ADDRESS, webcal_url: ADDRESS.replace('https:', 'webcal:') },
            201,
          ),
        },
        language,
      );
      const section = await calendarSection(title);
      await user.click(await within(section).findByRole('button', { name: create }));
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Not allowed'));
      await user.click(within(section).getByRole('button', { name: copyName }));

      expect(await within(section).findByRole('alert')).toHaveTextContent(failed);
      const field = within(section).getByRole('textbox');
      expect(field).toHaveFocus();
      const input = field as HTMLInputElement;
      expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe(ADDRESS);
      expect(screen.queryByText(toastText)).toBeNull();
    },
  );

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
