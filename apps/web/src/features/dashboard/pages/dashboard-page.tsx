import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTeams } from '@/lib/teams/get-teams';
import styles from '../components/dashboard.module.css';
import { DiscordSyncNotice } from '../components/discord-sync-notice';
import { LatestMembersCard } from '../components/latest-members-card';
import { MyTeamsCard } from '../components/my-teams-card';
import { OrgChartCard } from '../components/org-chart-card';
import { RankingCard } from '../components/ranking-card';
import { UpcomingEventsCard } from '../components/upcoming-events-card';
import { WelcomeCard } from '../components/welcome-card';

/**
 * `/dashboard`: each card loads on its own and shows its own loading and error states, except
 * for the teams, which most cards are about: the cards wait for them (arriving later, they would
 * grow the cards and push the others down), and without them the dashboard gives way to the
 * error.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { error, isPending } = useTeams();

  return (
    <>
      <PageHeader title={t('pages.dashboard.title')} />
      <DiscordSyncNotice />
      {isPending ? (
        <LoadingMessage shape="cards" />
      ) : error ? (
        <AlertMessage>{t('dashboard.teams_error')}</AlertMessage>
      ) : (
        // Two columns that fill independently, so that a long card leaves no hole beside it; on a
        // phone a single one, the cards in their `order`.
        <div className={styles.columns}>
          <div className={styles.column}>
            <WelcomeCard />
            <MyTeamsCard />
            <OrgChartCard />
          </div>
          <div className={styles.column}>
            <UpcomingEventsCard />
            <RankingCard />
            <LatestMembersCard />
          </div>
        </div>
      )}
    </>
  );
}
