import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { Pager } from './pager';

/** A list's paging as the pager reads it from an infinite query. */
const paged = (
  hasNextPage: boolean,
  isFetchingNextPage: boolean,
  fetchNextPage = () => undefined,
) => ({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
});

function renderPager(props: { hasMore: boolean; loading: boolean }, language: 'fr' | 'en' = 'en') {
  const onLoadMore = vi.fn();
  const view = render(
    <I18nextProvider i18n={createI18n(language)}>
      <Pager query={paged(props.hasMore, props.loading, onLoadMore)} />
    </I18nextProvider>,
  );
  return { ...view, onLoadMore };
}

describe('the pager', () => {
  it.each([
    ['en' as const, 'Show more', 'Loading more...'],
    ['fr' as const, 'Afficher plus', 'Chargement de la suite...'],
  ])('offers the next page, and says when it is loading (%s)', (language, more, loading) => {
    const { rerender } = renderPager({ hasMore: true, loading: false }, language);
    expect(screen.getByRole('button', { name: more })).not.toHaveAttribute('aria-busy', 'true');
    rerender(
      <I18nextProvider i18n={createI18n(language)}>
        <Pager query={paged(true, true)} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: loading })).toHaveAttribute('aria-busy', 'true');
  });

  it('asks the next page from the keyboard, once while it loads, keeping the focus', async () => {
    const user = userEvent.setup();
    const { onLoadMore, rerender } = renderPager({ hasMore: true, loading: false });
    await user.tab();
    const button = screen.getByRole('button', { name: 'Show more' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <Pager query={paged(true, true, onLoadMore)} />
      </I18nextProvider>,
    );
    await user.keyboard(' ');
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Loading more...' })).toHaveFocus();
  });

  it('is gone on the last page', () => {
    const { rerender } = renderPager({ hasMore: true, loading: false });
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <Pager query={paged(false, false)} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
