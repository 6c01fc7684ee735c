import type { SessionUser } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, type Routes, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const me = buildSessionUser({ pseudo: 'kiwi', name: 'Lovelace', surname: 'Ada' });

async function openAccount({
  routes = {},
  user = me,
  language = 'fr',
}: { routes?: Routes; user?: SessionUser; language?: 'fr' | 'en' } = {}) {
  const rendered = renderApp({
    at: '/settings/profile',
    language,
    routes: { 'GET /api/session': signedIn(user), ...routes },
  });
  const title = language === 'fr' ? 'Mon compte' : 'My account';
  await screen.findByRole('heading', { level: 1, name: title });
  return rendered;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('account settings: who sees my name', () => {
  it('says who sees the name, unticked by default, and shows it to everyone once ticked', async () => {
    const { user, fetchMock } = await openAccount({
      routes: {
        'PUT /api/user/preferences': json({ theme: 'system', show_real_name: true }),
      },
    });

    const card = section('Qui voit mon nom');
    const box = within(card).getByRole('checkbox', {
      name: 'Montrer mon nom et mon prénom à tous les membres',
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /toujours visibles par les administrateurs et par vous/,
    );

    await user.click(box);

    expect(await sentBody(fetchMock, 'PUT', '/api/user/preferences')).toEqual({
      show_real_name: true,
    });
    expect(
      await screen.findByText('Votre nom est maintenant visible par tous les membres.'),
    ).toBeVisible();
    expect(box).toBeChecked();
  });

  it('hides the name again when unticked', async () => {
    const { user, fetchMock } = await openAccount({
      user: { ...me, preferences: { theme: 'dark', show_real_name: true } },
      routes: {
        'PUT /api/user/preferences': json({ theme: 'dark', show_real_name: false }),
      },
    });
    const box = within(section('Qui voit mon nom')).getByRole('checkbox');
    expect(box).toBeChecked();

    await user.click(box);

    expect(await sentBody(fetchMock, 'PUT', '/api/user/preferences')).toEqual({
      show_real_name: false,
    });
    expect(
      await screen.findByText(
        "Votre nom n'est plus visible que par les administrateurs et par vous.",
      ),
    ).toBeVisible();
    expect(box).not.toBeChecked();
  });

  it('keeps the saved choice and says so when saving fails', async () => {
    const { user } = await openAccount({
      routes: {
        'PUT /api/user/preferences': apiError(503, 'database_unavailable', 'Unavailable'),
      },
    });
    const box = within(section('Qui voit mon nom')).getByRole('checkbox');

    await user.click(box);

    expect(await screen.findByText("Votre choix n'a pas été enregistré.")).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('reads in English', async () => {
    await openAccount({ language: 'en' });

    const box = within(section('Who sees my name')).getByRole('checkbox', {
      name: 'Show my last and first names to every member',
    });
    expect(box).toHaveAccessibleDescription(/always visible to admins and to you/);
  });
});
