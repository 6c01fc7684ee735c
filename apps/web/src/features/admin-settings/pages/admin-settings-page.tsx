import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import {
  ADMIN_SETTINGS_PANELS,
  ADMIN_SETTINGS_TABS,
  type AdminSettingsTab,
  DEFAULT_ADMIN_SETTINGS_TAB,
  isAdminSettingsTab,
} from '../components/admin-settings-tabs';

/** `/settings/organization` (admins): the organisation's settings, a tab each (`?tab=teams`). */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminSettingsTab = isAdminSettingsTab(requested)
    ? requested
    : DEFAULT_ADMIN_SETTINGS_TAB;

  function selectTab(value: string) {
    // A tab's own parameters (the teams' filters) do not carry over to another tab.
    const next = new URLSearchParams();
    if (value !== DEFAULT_ADMIN_SETTINGS_TAB) next.set('tab', value);
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
          {ADMIN_SETTINGS_TABS.map((value) => (
            <Tab key={value} value={value}>
              {t(`admin_settings.tabs.${value}`)}
            </Tab>
          ))}
        </TabList>
        {ADMIN_SETTINGS_TABS.map((value) => {
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
