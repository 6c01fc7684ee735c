import { GAME_LOGIN_FIELDS, type LoginGame, type User } from '@guildhall/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileCard } from './profile-overview';
import styles from './profile.module.css';

/** The member's logins for a game, and what can be said about its statistics. */
export function GameAccounts({
  game,
  member,
  children,
}: {
  game: LoginGame;
  member: User;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ProfileCard title={t('users.profile.game_accounts', { game: t(`games.${game}`) })}>
      <ul className={styles.gameLogins}>
        {member[GAME_LOGIN_FIELDS[game]].map((login) => (
          <li key={login}>{login}</li>
        ))}
      </ul>
      {children}
    </ProfileCard>
  );
}
