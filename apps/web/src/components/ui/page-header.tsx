import { useTranslation } from 'react-i18next';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  description?: string;
}

/** The page's heading, also used as the browser tab's title. */
export function PageHeader({ title, description }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.pageHeader}>
      {/* React places <title> in the document head. */}
      <title>{t('app.document_title', { page: title })}</title>
      <h1 className={styles.title}>{title}</h1>
      {description && <p className={styles.description}>{description}</p>}
    </div>
  );
}
