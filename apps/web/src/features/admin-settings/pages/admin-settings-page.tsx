import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { can } from '@/lib/session/abilities';
import { useTextsPart } from '@/i18n/i18n';
import { useSignedInUser } from '@/lib/session/get-session';
import {
  ADMIN_SETTINGS_PANELS,
  ADMIN_SETTINGS_TAB_ABILITIES,
  ADMIN_SETTINGS_TABS,
  type AdminSettingsTab,
  isAdminSettingsTab,
} from '../components/admin-settings-tabs';

/** `/settings/organization` (admins): the organisation's settings, a tab each (`?tab=teams`). */
export function AdminSettingsPage() {
  // The admin settings' texts are not in the app's first download: they come with this page.
  useTextsPart('admin');
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const user = useSignedInUser();
  // The route opens only with one of these abilities: there is always a tab.
  const tabs = ADMIN_SETTINGS_TABS.filter((value) =>
    can(user, ADMIN_SETTINGS_TAB_ABILITIES[value]),
  );
  const firstTab = tabs[0] ?? 'organization';
  const requested = searchParams.get('tab');
  const tab: AdminSettingsTab =
    isAdminSettingsTab(requested) && tabs.includes(requested) ? requested : firstTab;

  function selectTab(value: string) {
    // A tab's own parameters (the teams' filters) do not carry over to another tab.
    const next = new URLSearchParams();
    if (value !== firstTab) next.set('tab', value);
    setSearchParams(next, { replace: true });
  }

  return (
    <>
      <Breadcrumb
        label={t('admin_settings.breadcrumb')}
        trail={[
          { label: t('pages.dashboard.title'), to: '/dashboard' },
          { label: t('pages.organization_settings.title') },
        ]}
      />
      <PageHeader
        title={t('pages.organization_settings.title')}
        description={t('pages.organization_settings.description')}
      />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabList aria-label={t('admin_settings.tabs_label')}>
          {tabs.map((value) => (
            <Tab key={value} value={value}>
              {t(`admin_settings.tabs.${value}`)}
            </Tab>
          ))}
        </TabList>
        {tabs.map((value) => {
          const Panel = ADMIN_SETTINGS_PANELS[value];
          return (
            <TabPanel key={value} value={value}>
              <Panel />
            </TabPanel>
          );
        })}
      </Tabs>
    </>
  );
}
