import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import styles from './forbidden-page.module.css';

/**
 * In place of a screen the member may not open (`RequireAbility`): the address stays, and the
 * member is told why nothing is shown, rather than landing on the dashboard without a word. The
 * server refuses the screen's calls anyway (403); this page only says so first.
 */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <p className={styles.code}>
        <ShieldX size={20} aria-hidden="true" />
        {t('forbidden_page.code')}
      </p>
      <PageHeader title={t('forbidden_page.title')} description={t('forbidden_page.description')} />
      <Link className="button button-primary" to="/dashboard">
        {t('forbidden_page.back')}
      </Link>
    </div>
  );
}
