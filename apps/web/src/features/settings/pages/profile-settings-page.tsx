import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { useSignedInUser } from '@/lib/session/get-session';
import { AccountForm } from '../components/account-form';
import { ConnectionsPanel } from '../components/connections-panel';
import { NameVisibilityCard } from '../components/name-visibility-card';
import styles from '../components/settings-forms.module.css';
import { useLinkResultToast } from '../components/use-link-result-toast';

const TABS = ['account', 'connections'] as const;
type SettingsTab = (typeof TABS)[number];

const isSettingsTab = (value: string | null): value is SettingsTab =>
  TABS.some((tab) => tab === value);

/** `/settings/profile`: the member's account, and its connections (`?tab=connections`). */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'account';
  useLinkResultToast();

  function selectTab(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'account') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader
        title={t('pages.profile_settings.title')}
        description={t('pages.profile_settings.description')}
      />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabList aria-label={t('settings.tabs_label')}>
          <Tab value="account">{t('settings.tabs.account')}</Tab>
          <Tab value="connections">{t('settings.tabs.connections')}</Tab>
        </TabList>
        {/* Both stay mounted, so that what was typed on one survives a look at the other. */}
        <TabPanel value="account" forceMount hidden={tab !== 'account'}>
          <div className={styles.sections}>
            <AccountForm user={user} />
            <NameVisibilityCard user={user} />
          </div>
        </TabPanel>
        <TabPanel value="connections" forceMount hidden={tab !== 'connections'}>
          <ConnectionsPanel user={user} />
        </TabPanel>
      </Tabs>
    </>
  );
}
