import type { LoginGame, User } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { GameAccounts } from './game-accounts';
import { LeagueTab } from './league/league-tab';
import styles from './profile.module.css';

/** A game's tab: League has ranks and games from Riot; the other games have no statistics. */
export function GameTab({ game, member }: { game: LoginGame; member: User }) {
  const { t } = useTranslation();
  if (game === 'leagueoflegends') return <LeagueTab member={member} />;
  return (
    <GameAccounts game={game} member={member}>
      <p className={styles.muted}>{t('users.profile.stats_unavailable')}</p>
    </GameAccounts>
  );
}
