import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DisclosureButton } from './disclosure-button';

function Details() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DisclosureButton expanded={open} onExpandedChange={setOpen} controls="details" chevron={16}>
        Details
      </DisclosureButton>
      <p id="details" hidden={!open}>
        The whole story.
      </p>
    </>
  );
}

describe('DisclosureButton', () => {
  it('says what it opens and whether it is open, and shows and hides it', async () => {
    const user = userEvent.setup();
    render(<Details />);
    const button = screen.getByRole('button', { name: 'Details' });
    expect(button).toHaveAttribute('aria-controls', 'details');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('The whole story.')).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The whole story.')).toBeVisible();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('The whole story.')).not.toBeVisible();
  });
});
