import { type LucideIcon, Trophy, UsersRound, IdCard } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './feature-blurbs.module.css';

type BlurbNumber = 1 | 2 | 3;

const BLURBS: { number: BlurbNumber; icon: LucideIcon }[] = [
  { number: 1, icon: IdCard },
  { number: 2, icon: UsersRound },
  { number: 3, icon: Trophy },
];

/** What the portal offers, as the organisation presents it to visitors. */
export function FeatureBlurbs() {
  const { t } = useTranslation();
  const headingId = useId();

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('landing.features_heading')}
      </h2>
      <ul className={styles.blurbs}>
        {BLURBS.map(({ number, icon: Icon }) => (
          <li key={number} className={`card ${styles.blurb}`}>
            <span className={styles.icon}>
              <Icon size={24} />
            </span>
            <h3 className={styles.title}>{t(`landing.home_title_${number}`)}</h3>
            <p className={styles.description}>{t(`landing.home_desc_${number}`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
