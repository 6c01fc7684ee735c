import { LOGIN_GAMES, type SessionUser } from '@guildhall/contract';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './connections.module.css';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { CalendarFeedCard } from './calendar-feed-card';
import { GameLoginsCard } from './game-logins-card';
import { SocialAccounts } from './social-accounts';

/** The member's game logins and social accounts. */
export function ConnectionsPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const gamesId = useId();
  const socialId = useId();
  const calendarId = useId();

  return (
    <div className={styles.panel}>
      <section className={styles.section} aria-labelledby={gamesId}>
        <h2 id={gamesId} className={styles.heading}>
          {t('settings.connections.games_title')}
        </h2>
        <p className={styles.description}>{t('settings.connections.games_description')}</p>
        <div className={styles.cards}>
          {LOGIN_GAMES.map((game) => (
            <GameLoginsCard key={game} game={game} user={user} />
          ))}
        </div>
      </section>
      <section className={styles.section} aria-labelledby={socialId}>
        <h2 id={socialId} className={styles.heading}>
          {t('settings.connections.social_title')}
        </h2>
        <SocialAccounts user={user} />
      </section>
      <section className={styles.section} aria-labelledby={calendarId}>
        <h2 id={calendarId} className={styles.heading}>
          {t('settings.connections.calendar_title')}
        </h2>
        <Suspense
          fallback={
            <SkeletonGroup>
              <Skeleton width="100%" height="4rem" />
            </SkeletonGroup>
          }
        >
          <CalendarFeedCard />
        </Suspense>
      </section>
    </div>
  );
}
