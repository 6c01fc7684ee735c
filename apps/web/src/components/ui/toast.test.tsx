import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { createQueryClient } from '@/app/query-client';
import { createI18n } from '@/i18n/i18n';
import { useToast } from './toast';

function Saver() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved')}>
        save
      </button>
      <button type="button" onClick={() => toast.error('Not saved', 'Database unavailable')}>
        fail
      </button>
      <button
        type="button"
        onClick={() => toast.error('Upload failed', 'Unreadable', { topic: 'upload' })}
      >
        fail upload
      </button>
      <button
        type="button"
        onClick={() => toast.success('Uploaded', undefined, { topic: 'upload' })}
      >
        upload
      </button>
    </>
  );
}

function renderSaver() {
  render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')}>
      <Saver />
    </AppProviders>,
  );
  return userEvent.setup();
}

describe('toasts', () => {
  it('shows a success in the notifications region, until closed', async () => {
    const user = renderSaver();

    await user.click(screen.getByRole('button', { name: 'save' }));

    const toast = (await screen.findByText('Saved')).closest('li')!;
    expect(toast).toHaveAttribute('data-variant', 'success');
    expect(screen.getByRole('region', { name: /^Notifications/ })).toContainElement(toast);

    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows an error with its reason, and stacks toasts', async () => {
    const user = renderSaver();

    await user.click(screen.getByRole('button', { name: 'fail' }));
    await user.click(screen.getByRole('button', { name: 'save' }));

    expect((await screen.findByText('Not saved')).closest('li')).toHaveAttribute(
      'data-variant',
      'error',
    );
    expect(screen.getByText('Not saved').closest('li')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByText('Database unavailable')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
  });

  it('replaces the toast about the same thing: a success clears the failure before it', async () => {
    const user = renderSaver();

    await user.click(screen.getByRole('button', { name: 'fail' }));
    await user.click(screen.getByRole('button', { name: 'fail upload' }));
    expect(await screen.findByText('Upload failed')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'upload' }));

    expect(await screen.findByText('Uploaded')).toBeVisible();
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();
    // A toast about something else stays.
    expect(screen.getByText('Not saved')).toBeVisible();
  });
});
