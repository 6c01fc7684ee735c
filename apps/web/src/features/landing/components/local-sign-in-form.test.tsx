import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, neverAnswers, requestsTo } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

/** The landing page of a server in local mode (the tests' default ways of signing in). */
async function openLanding(...options: Parameters<typeof renderApp>) {
  const app = renderApp(...options);
  const field = await screen.findByLabelText(options[0]?.language === 'en' ? 'Username' : 'Pseudo');
  return { ...app, field };
}

const LENGTHS_FR = 'Le pseudo doit contenir entre 2 et 32 caractères.';
const RULES_FR = 'Le pseudo doit contenir entre 2 et 32 caractères, sans caractère de contrôle.';

describe('the local sign-in form', () => {
  it('asks for a pseudo when only blanks were typed, on the field, focused', async () => {
    const { user, field, fetchMock } = await openLanding();

    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(LENGTHS_FR);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`Entre 2 et 32 caractères. ${LENGTHS_FR}`);
    expect(field).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST', '/auth/local')).toHaveLength(0);
  });

  it('refuses control characters before asking the server, as the contract does', async () => {
    const { user, field, fetchMock } = await openLanding();

    // A zero-width space (a format character) would make the pseudo look like "kiwi".
    await user.type(field, 'ki\u200bwi{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(RULES_FR);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST', '/auth/local')).toHaveLength(0);
  });

  it('drops the complaint once the text changes', async () => {
    const { user, field } = await openLanding();

    await user.type(field, 'k{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(RULES_FR);

    await user.type(field, 'i');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('Entre 2 et 32 caractères.');
  });

  it('marks a taken pseudo on its field, focused, until it is changed', async () => {
    const { user, field } = await openLanding({
      routes: { 'POST /auth/local': apiError(409, 'pseudo_taken', 'Pseudo taken') },
    });

    await user.type(field, 'kiwi');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const message = 'Ce pseudo est déjà utilisé par un autre membre.';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`Entre 2 et 32 caractères. ${message}`);
    expect(field).toHaveFocus();

    await user.type(field, 's');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says a server that is down without blaming the pseudo, until it is changed', async () => {
    const { user, field } = await openLanding({
      routes: { 'POST /auth/local': apiError(503, 'database_unavailable', 'Unavailable') },
    });

    await user.type(field, 'kiwi{Enter}');

    const alert = await screen.findByRole('alert');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription(`Entre 2 et 32 caractères. ${alert.textContent}`);

    await user.type(field, 's');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it is signing in, and sends once, while the server answers', async () => {
    const { user, field, fetchMock } = await openLanding({
      routes: { 'POST /auth/local': neverAnswers },
    });

    await user.type(field, 'kiwi{Enter}');

    const button = await screen.findByRole('button', { name: 'Connexion en cours...' });
    await user.click(button);
    expect(requestsTo(fetchMock, 'POST', '/auth/local')).toHaveLength(1);
  });

  it('speaks English to an English reader', async () => {
    const { user, field } = await openLanding({ language: 'en' });

    await user.type(field, 'k{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The username must be 2 to 32 characters long, without control characters.',
    );
  });
});
