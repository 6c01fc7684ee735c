import { useTranslation } from 'react-i18next';
import styles from './skip-link.module.css';

/** The id every screen gives to its <main>, so that the skip link always has a target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump over the navigation; it shows only when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('app.skip_to_content')}
    </a>
  );
}
