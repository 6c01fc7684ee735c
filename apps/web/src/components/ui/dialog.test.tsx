import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { createQueryClient } from '@/app/query-client';
import { createI18n } from '@/i18n/i18n';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog, DialogClose } from './dialog';

function RenameDialog() {
  const name = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      trigger={<button type="button">Rename</button>}
      title="Rename the team"
      description="The new name shows everywhere."
      closeLabel="Close"
      open={open}
      onOpenChange={setOpen}
      initialFocus={name}
      actions={
        <>
          <DialogClose>Cancel</DialogClose>
          <button type="button" onClick={() => setOpen(false)}>
            Save
          </button>
        </>
      }
    >
      <label>
        Name <input ref={name} />
      </label>
    </Dialog>
  );
}

function renderWithTexts(content: React.ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')}>
      {content}
    </AppProviders>,
  );
}

describe('Dialog', () => {
  it('is named by its title, described, and focuses the control it is told to', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));

    const dialog = screen.getByRole('dialog', { name: 'Rename the team' });
    expect(dialog).toHaveAccessibleDescription('The new name shows everywhere.');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  });

  it('keeps the focus inside while open', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog');

    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await user.click(trigger);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes from its own actions, the focus back on the trigger', async () => {
    const user = userEvent.setup();
    render(<RenameDialog />);
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  function renderConfirm(onConfirm: () => void) {
    renderWithTexts(
      <ConfirmDialog
        title="Delete the team?"
        description="Its events are cancelled."
        confirmLabel="Delete"
        onConfirm={onConfirm}
      >
        <button type="button">Delete the team</button>
      </ConfirmDialog>,
    );
  }

  it('asks as an alert dialog, Cancel focused first, and does nothing on Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderConfirm(onConfirm);
    const trigger = screen.getByRole('button', { name: 'Delete the team' });
    await user.click(trigger);

    const dialog = screen.getByRole('alertdialog', { name: 'Delete the team?' });
    expect(dialog).toHaveAccessibleDescription('Its events are cancelled.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does what it asked once confirmed, and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderConfirm(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete the team' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
