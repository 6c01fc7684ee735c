import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('broken screen');
}

describe('route error', () => {
  it('replaces a screen that failed to render', () => {
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteError /> },
    ]);

    render(
      <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    // React Router reports the error itself.
    expect(console.error).toHaveBeenCalled();
    vi.mocked(console.error).mockClear();
  });
});
