import { useTranslation } from 'react-i18next';
import styles from './pager.module.css';

/** What the pager reads of a list's infinite query (`useInfiniteQuery`'s own fields). */
export interface PagedQuery {
  /** Whether another page follows: the last page's `next_cursor` is not null (decision 061). */
  hasNextPage: boolean;
  /** The next page is on its way. */
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The one control that pages a list: "Show more", under the items shown. Not disabled while
 * loading, so that the keyboard focus stays on it and lands on the next page's button; it says it
 * is busy and ignores a second press instead.
 */
export function Pager({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  const loading = query.isFetchingNextPage;
  if (!query.hasNextPage) return null;
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className="button button-small"
        aria-busy={loading}
        onClick={() => {
          if (!loading) void query.fetchNextPage();
        }}
      >
        {loading ? t('pager.loading') : t('pager.more')}
      </button>
    </div>
  );
}
