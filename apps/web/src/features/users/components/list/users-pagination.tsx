import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './users-list.module.css';

interface UsersPaginationProps {
  /** The page the server served (it clamps a page past the end). */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous and next, disabled at either end. */
export function UsersPagination({ page, pageSize, total, onPage }: UsersPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pagination} aria-label={t('users.list.pagination_label')}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft size={18} aria-hidden />
        <span className={styles.pageLabel}>{t('users.list.previous')}</span>
      </button>
      <span>{t('users.list.page_of', { page, pages })}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <span className={styles.pageLabel}>{t('users.list.next')}</span>
        <ChevronRight size={18} aria-hidden />
      </button>
    </nav>
  );
}

/** 'Showing X to Y of Z entries', for the page served. */
export function showingRange(page: number, pageSize: number, total: number) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return { from, to: Math.min(page * pageSize, total), total };
}
