import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allRoles, buildSessionUser } from '@/test/fixtures';
import { json, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

// A screen that fails as it renders, as one whose code could not be fetched would.
vi.mock('@/features/passwords/pages/passwords-page', () => ({
  PasswordsPage: () => {
    throw new Error('broken screen');
  },
}));

const signedInMember = {
  'GET /api/session': signedIn(buildSessionUser({ pseudo: 'kiwi' })),
  'GET /api/roles': json(allRoles),
};

describe('route error', () => {
  it('replaces a screen that failed to render, until the member goes elsewhere', async () => {
    const { navigate } = renderApp({ at: '/passwords', routes: signedInMember, language: 'en' });

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    // React reports the error itself.
    expect(console.error).toHaveBeenCalled();
    vi.mocked(console.error).mockClear();

    await navigate('/settings/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull();
  });
});
