import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/i18n/i18n';
import { Skeleton, SkeletonGroup } from './skeleton';

function renderGroup(language: 'fr' | 'en', label?: string) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <SkeletonGroup label={label}>
        <Skeleton width={56} height={56} radius="50%" />
        <Skeleton width="60%" />
      </SkeletonGroup>
    </I18nextProvider>,
  );
}

describe('skeletons', () => {
  it.each([
    ['fr' as const, 'Chargement...'],
    ['en' as const, 'Loading...'],
  ])('say once to screen readers that content is loading (%s)', (language, text) => {
    renderGroup(language);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(text);
    expect(status).toHaveAttribute('aria-busy', 'true');
  });

  it('say what is loading when told, and hide the blocks themselves', () => {
    const { container } = renderGroup('en', 'Loading the ranks');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the ranks');
    const blocks = container.querySelectorAll('[aria-hidden="true"]');
    expect(blocks).toHaveLength(2);
    // Sizes go through custom properties, so that the stylesheet keeps the last word.
    expect((blocks[0] as HTMLElement).style.getPropertyValue('--skeleton-width')).toBe('56px');
    expect((blocks[0] as HTMLElement).style.getPropertyValue('--skeleton-radius')).toBe('50%');
    expect((blocks[1] as HTMLElement).style.getPropertyValue('--skeleton-width')).toBe('60%');
  });
});
