import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import shared from '../admin-tab.module.css';
import { AwardSection } from './award-section';
import { BadgesSection } from './badges-section';
import { LedgerSection } from './ledger-section';
import { MilestonesSection } from './milestones-section';
import { RulesSection } from './rules-section';
import { SeasonsSection } from './seasons-section';

/**
 * The admin settings' Points tab (decision 038): seasons, rules, milestones, awards, badges, and
 * the ledger.
 */
export function PointsTab() {
  const { t } = useTranslation();
  const headingId = useId();

  return (
    <section className={shared.tab} aria-labelledby={headingId}>
      <div className={shared.tabHeader}>
        <div>
          <h2 id={headingId} className={shared.tabTitle}>
            {t('points_admin.title')}
          </h2>
          <p className={shared.note}>{t('points_admin.description')}</p>
        </div>
      </div>
      <SeasonsSection />
      <RulesSection />
      <MilestonesSection />
      <AwardSection />
      <BadgesSection />
      <LedgerSection />
    </section>
  );
}
