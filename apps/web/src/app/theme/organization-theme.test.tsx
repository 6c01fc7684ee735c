import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { organizationQueryKey } from '@/lib/organization/get-organization';
import { buildOrganization } from '@/test/fixtures';
import { json } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const cssVariable = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('organisation theme', () => {
  it('applies the organisation colours, each with a legible text colour', async () => {
    renderApp({
      routes: {
        'GET /api/organization': json(
          buildOrganization({
            primary_color: '#fde047',
            secondary_color: '#1e1b4b',
            background_color: '#fafafa',
          }),
        ),
      },
    });
    await screen.findByRole('heading', { level: 1 });

    expect(cssVariable('--color-primary')).toBe('#fde047');
    expect(cssVariable('--color-on-primary')).toBe('#000000');
    expect(cssVariable('--color-secondary')).toBe('#1e1b4b');
    expect(cssVariable('--color-on-secondary')).toBe('#ffffff');
    expect(cssVariable('--color-background')).toBe('#fafafa');
    expect(cssVariable('--color-on-background')).toBe('#000000');
  });

  it('follows the colours when the organisation changes', async () => {
    const { queryClient } = renderApp();
    await screen.findByRole('heading', { level: 1 });

    queryClient.setQueryData(organizationQueryKey, buildOrganization({ primary_color: '#14532d' }));

    await waitFor(() => expect(cssVariable('--color-primary')).toBe('#14532d'));
    expect(cssVariable('--color-on-primary')).toBe('#ffffff');
  });
});
