import { useTranslation } from 'react-i18next';
import styles from './pager.module.css';

interface PagerProps {
  /** Whether another page follows: the last page's `next_cursor` is not null (decision 061). */
  hasMore: boolean;
  /** The next page is on its way. */
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * The one control that pages a list: "Show more", under the items shown. Not disabled while
 * loading, so that the keyboard focus stays on it and lands on the next page's button; it says it
 * is busy and ignores a second press instead.
 */
export function Pager({ hasMore, loading, onLoadMore }: PagerProps) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className="button button-small"
        aria-busy={loading}
        onClick={() => {
          if (!loading) onLoadMore();
        }}
      >
        {loading ? t('pager.loading') : t('pager.more')}
      </button>
    </div>
  );
}
