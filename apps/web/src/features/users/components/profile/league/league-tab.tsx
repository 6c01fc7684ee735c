import type { RankEntry, User } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error-text';
import { useAuthMethods } from '@/lib/auth/get-auth-methods';
import { useLeagueChampions } from '../../../api/get-league-champions';
import { useMemberRanks } from '../../../api/get-member-ranks';
import { GameAccounts } from '../game-accounts';
import { ProfileCard } from '../profile-overview';
import { LeagueHistory } from './league-history';
import { LeagueLpHistory } from './league-lp-history';
import { LeagueRanks } from './league-ranks';
import { LeagueRecentStats } from './league-recent-stats';
import { LeagueRefresh } from './league-refresh';
import styles from './league.module.css';

/** The oldest of the ranks shown: what "updated ... ago" must not overstate. */
function refreshedAt(entries: readonly RankEntry[]): number | undefined {
  const times = entries.flatMap((entry) => entry.fetchedAt ?? []);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * The League of Legends tab: a rank card per Riot ID, the LP history of the daily snapshots, the
 * statistics of the last 15 days and the ranked game history. The ranks are asked first and shown as soon as they come; the games are
 * asked after them (they cost Riot many more calls). Each part loads, and may fail, on its own.
 */
export function LeagueTab({ member }: { member: User }) {
  const { t } = useTranslation();
  const riotIds = member.leagueoflegends_login;
  // Without a Riot key every League call would answer 503, which the browser logs as an error:
  // the server says so beforehand, and the tab asks nothing of Riot's data.
  // Should the server not say, the tab asks, as it did before it could.
  const authMethods = useAuthMethods();
  const riotConfigured = authMethods.isError || authMethods.data?.riot;
  const ranks = useMemberRanks(member._id, riotIds, { enabled: riotConfigured === true });
  const { version } = useLeagueChampions();
  const gamesMayLoad = !ranks.isPending;

  // Without a Riot key there is nothing to show but the Riot IDs: say it once. The LP history is
  // Guildhall's own snapshots, still worth showing (taken while a key was set).
  if (riotConfigured === false || isApiError(ranks.error, 'riot_not_configured')) {
    return (
      <div className={styles.tab}>
        <GameAccounts game="leagueoflegends" member={member}>
          <p className={styles.notice}>{t('league.not_configured')}</p>
        </GameAccounts>
        <ProfileCard title={t('league.lp_history.title')}>
          <LeagueLpHistory memberId={member._id} />
        </ProfileCard>
      </div>
    );
  }
  return (
    <div className={styles.tab}>
      {ranks.data && ranks.data.length > 0 && (
        <LeagueRefresh memberId={member._id} refreshedAt={refreshedAt(ranks.data)} />
      )}
      <ProfileCard title={t('league.ranks.title')}>
        <LeagueRanks ranks={ranks} riotIdCount={riotIds.length} />
      </ProfileCard>
      <ProfileCard title={t('league.lp_history.title')}>
        <LeagueLpHistory memberId={member._id} />
      </ProfileCard>
      <ProfileCard title={t('league.stats.title')}>
        <LeagueRecentStats memberId={member._id} riotIds={riotIds} enabled={gamesMayLoad} />
      </ProfileCard>
      <ProfileCard title={t('league.history.title')}>
        <LeagueHistory
          memberId={member._id}
          riotIds={riotIds}
          version={version}
          enabled={gamesMayLoad}
        />
      </ProfileCard>
    </div>
  );
}
