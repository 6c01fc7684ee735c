import { GAME_LOGIN_FIELDS, type LoginGame, type User } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { ProfileCard } from './profile-overview';
import styles from './profile.module.css';

/**
 * A game's tab: the member's logins for it. League ranks and games come with the League issue;
 * the other games have no statistics.
 */
export function GameTab({ game, member }: { game: LoginGame; member: User }) {
  const { t } = useTranslation();
  const gameName = t(`games.${game}`);

  return (
    <ProfileCard title={t('users.profile.game_accounts', { game: gameName })}>
      <ul className={styles.gameLogins}>
        {member[GAME_LOGIN_FIELDS[game]].map((login) => (
          <li key={login}>{login}</li>
        ))}
      </ul>
      <p className={styles.muted}>
        {game === 'leagueoflegends'
          ? t('users.profile.ranks_soon')
          : t('users.profile.stats_unavailable')}
      </p>
    </ProfileCard>
  );
}
