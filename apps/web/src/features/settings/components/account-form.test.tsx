import type { SessionUser } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const me = buildSessionUser({
  name: 'Lovelace',
  surname: 'Ada',
  pseudo: 'kiwi',
  birthday: '1990-12-10',
  email: 'ada@example.org',
  town: 'Lyon',
});

async function openAccount(routes: Routes = {}, user: SessionUser = me) {
  const rendered = renderApp({
    at: '/settings/profile',
    routes: { 'GET /api/session': signedIn(user), ...routes },
  });
  await screen.findByRole('heading', { level: 1, name: 'Mon compte' });
  return rendered;
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const birthdayField = () => screen.getByLabelText(/Date de naissance/);

describe('account settings: the Account tab', () => {
  it('opens on the Account tab with the nine fields filled in, required ones marked', async () => {
    await openAccount();

    expect(screen.getByRole('tab', { name: 'Compte' })).toHaveAttribute('aria-selected', 'true');
    expect(field('Nom')).toHaveValue('Lovelace');
    expect(field('Prénom')).toHaveValue('Ada');
    expect(field('Pseudo')).toHaveValue('kiwi');
    expect(birthdayField()).toHaveValue('1990-12-10');
    expect(birthdayField()).toHaveAttribute('type', 'date');
    expect(field('E-mail')).toHaveAttribute('type', 'email');
    expect(field('E-mail')).toHaveValue('ada@example.org');
    expect(field('Ville')).toHaveValue('Lyon');
    expect(field('Adresse')).toHaveValue('');
    for (const required of ['Nom', 'Prénom', 'Pseudo', 'E-mail']) {
      expect(field(required)).toBeRequired();
    }
    expect(birthdayField()).toBeRequired();
    for (const optional of ['Adresse', 'Code postal', 'Ville', 'Pays']) {
      expect(field(optional)).not.toBeRequired();
    }
  });

  it('says which required fields are missing, without asking the server', async () => {
    const { user, fetchMock } = await openAccount();

    await user.clear(field('Nom'));
    await user.clear(field('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(field('Nom')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Nom')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(field('E-mail')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(field('Prénom')).not.toHaveAttribute('aria-invalid');
    expect(field('Nom')).toHaveFocus();
    expect(requestsTo(fetchMock, 'PUT', '/api/user')).toHaveLength(0);
  });

  it('checks the form of the email address', async () => {
    const { user, fetchMock } = await openAccount();

    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'ada-at-example');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(field('E-mail')).toHaveAccessibleDescription(/adresse e-mail valide/);
    expect(requestsTo(fetchMock, 'PUT', '/api/user')).toHaveLength(0);
  });

  it('cancels back to the current values', async () => {
    const { user } = await openAccount();

    await user.clear(field('Nom'));
    await user.type(field('Nom'), 'Byron');
    await user.type(field('Pays'), 'Royaume-Uni');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(field('Nom')).toHaveValue('Lovelace');
    expect(field('Pays')).toHaveValue('France');
  });

  it('saves the fields and says so', async () => {
    const saved = { ...me, name: 'Byron', town: null };
    const { user, fetchMock } = await openAccount({ 'PUT /api/user': json(saved) });

    await user.clear(field('Nom'));
    await user.type(field('Nom'), '  Byron ');
    await user.clear(field('Ville'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Profil mis à jour avec succès !')).toBeVisible();
    const [put] = requestsTo(fetchMock, 'PUT', '/api/user');
    expect(await put?.json()).toEqual({
      name: 'Byron',
      surname: 'Ada',
      pseudo: 'kiwi',
      birthday: '1990-12-10',
      email: 'ada@example.org',
      address: '',
      zip_code: '',
      town: '',
      country: 'France',
    });
    expect(field('Nom')).toHaveValue('Byron');
    // The answer is the new session: the account menu shows it too.
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    expect(within(screen.getByRole('menu')).getByText('Ada Byron')).toBeVisible();
  });

  it('shows the failure as a toast, and the server complaints on their fields', async () => {
    const { user } = await openAccount({
      'PUT /api/user': apiError(400, 'validation_failed', 'Invalid request: body.email', [
        {
          path: 'body.email',
          message: 'must be an email address',
          code: 'invalid_format',
          params: { format: 'email' },
        },
      ]),
    });

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Échec de la mise à jour du profil.')).toBeVisible();
    expect(
      screen.getByText(
        /^Certaines valeurs ne sont pas acceptées\s: vérifiez les champs signalés\.$/,
      ),
    ).toBeVisible();
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(field('E-mail')).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr, de 254 caractères au plus, dont 64 avant le @.',
    );
    expect(document.body).not.toHaveTextContent(/Invalid request|must be an email/);
    expect(field('E-mail')).toHaveFocus();
  });

  it('puts each server complaint on its field and focuses the first in page order', async () => {
    const { user } = await openAccount({
      'PUT /api/user': apiError(400, 'validation_failed', 'Invalid request', [
        {
          path: 'body.email',
          message: 'must be an email address',
          code: 'invalid_format',
          params: { format: 'email' },
        },
        { path: 'body.pseudo', message: 'must not contain control characters', code: 'custom' },
      ]),
    });

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(field('Pseudo')).toHaveAccessibleDescription(
        'Le pseudo doit contenir entre 2 et 32 caractères, sans caractère de contrôle.',
      ),
    );
    expect(field('E-mail')).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr, de 254 caractères au plus, dont 64 avant le @.',
    );
    expect(field('Pseudo')).toHaveFocus();
  });

  it('explains a pseudo another member already has', async () => {
    const { user } = await openAccount({
      'PUT /api/user': apiError(409, 'pseudo_taken', 'This pseudo is taken'),
    });

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(field('Pseudo')).toHaveAccessibleDescription(
        'Ce pseudo est déjà utilisé par un autre membre.',
      ),
    );
    expect(await screen.findByText('Échec de la mise à jour du profil.')).toBeVisible();
  });

  it('explains a pseudo that imitates another member’s', async () => {
    const { user } = await openAccount({
      'PUT /api/user': apiError(409, 'pseudo_look_alike', 'This pseudo looks like another'),
    });

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(field('Pseudo')).toHaveAccessibleDescription(
        "Ce pseudo ressemble trop à celui d'un autre membre : choisissez-en un qu'on ne puisse pas confondre.",
      ),
    );
  });

  it('reads in English too', async () => {
    const { user } = renderApp({
      at: '/settings/profile',
      language: 'en',
      routes: { 'GET /api/session': signedIn(me), 'PUT /api/user': json(me) },
    });

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeVisible();
  });
});

describe('account settings: tabs', () => {
  it('opens the Connections tab from ?tab=connections', async () => {
    renderApp({
      at: '/settings/profile?tab=connections',
      routes: { 'GET /api/session': signedIn(me) },
    });

    const tab = await screen.findByRole('tab', { name: 'Connexions' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Comptes de jeu' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('keeps the chosen tab in the address, and what was typed on the other', async () => {
    const { user, currentLocation } = await openAccount();
    await user.clear(field('Nom'));
    await user.type(field('Nom'), 'Byron');

    await user.click(screen.getByRole('tab', { name: 'Connexions' }));
    expect(currentLocation().search).toBe('?tab=connections');

    await user.click(screen.getByRole('tab', { name: 'Compte' }));
    expect(currentLocation().search).toBe('');
    expect(field('Nom')).toHaveValue('Byron');
  });
});
