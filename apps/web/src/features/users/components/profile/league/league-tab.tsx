import type { User } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error-text';
import { useDataDragonVersion } from '../../../api/get-data-dragon-version';
import { useMemberRanks } from '../../../api/get-member-ranks';
import { GameAccounts } from '../game-accounts';
import { ProfileCard } from '../profile-overview';
import { LeagueHistory } from './league-history';
import { LeagueRanks } from './league-ranks';
import { LeagueRecentStats } from './league-recent-stats';
import styles from './league.module.css';

/**
 * The League of Legends tab: a rank card per Riot ID, the statistics of the last 15 days and the
 * ranked game history. Each part loads, and may fail, on its own.
 */
export function LeagueTab({ member }: { member: User }) {
  const { t } = useTranslation();
  const riotIds = member.leagueoflegends_login;
  const ranks = useMemberRanks(member._id, riotIds);
  const version = useDataDragonVersion();

  // Without a Riot key every League call answers the same: say it once, with the Riot IDs.
  if (isApiError(ranks.error, 'riot_not_configured')) {
    return (
      <GameAccounts game="leagueoflegends" member={member}>
        <p className={styles.notice}>{t('league.not_configured')}</p>
      </GameAccounts>
    );
  }
  return (
    <div className={styles.tab}>
      <ProfileCard title={t('league.ranks.title')}>
        <LeagueRanks ranks={ranks} />
      </ProfileCard>
      <ProfileCard title={t('league.stats.title')}>
        <LeagueRecentStats memberId={member._id} riotIds={riotIds} version={version} />
      </ProfileCard>
      <ProfileCard title={t('league.history.title')}>
        <LeagueHistory memberId={member._id} riotIds={riotIds} version={version} />
      </ProfileCard>
    </div>
  );
}
