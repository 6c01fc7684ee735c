import { ALERT_STATUSES, ALERT_TYPES } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useAllAlerts } from '../../api/get-all-alerts';
import shared from '../admin-tab.module.css';
import { AlertFormDialog } from './alert-form-dialog';
import { alertStatusOf, alertTypeOf, filterAlerts, useAlertsFilter } from './alerts-filters';
import { AlertsTable } from './alerts-table';

/** The admin settings' Alerts tab: every alert, filtered by type and status, and their editing. */
export function AlertsTab() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const headingId = useId();
  const { data: alerts, error, isPending } = useAllAlerts();
  const { filter, update } = useAlertsFilter();
  const shown = alerts ? filterAlerts(alerts, filter) : [];

  return (
    <section className={shared.tab} aria-labelledby={headingId}>
      <div className={shared.tabHeader}>
        <div>
          <h2 id={headingId} className={shared.tabTitle}>
            {t('alert_editor.admin.title')}
          </h2>
          <p className={shared.note}>{t('alert_editor.admin.description')}</p>
        </div>
        <AlertFormDialog>
          <button type="button" className="button button-primary">
            <Plus size={18} aria-hidden="true" />
            {t('alert_editor.admin.create')}
          </button>
        </AlertFormDialog>
      </div>

      <div className={shared.filters}>
        <SelectField
          label={t('alert_editor.admin.type_filter')}
          value={filter.type ?? ''}
          onChange={(event) => update({ type: alertTypeOf(event.target.value) })}
        >
          <option value="">{t('alert_editor.admin.all_types')}</option>
          {ALERT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`alerts.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('alert_editor.admin.status_filter')}
          value={filter.status ?? ''}
          onChange={(event) => update({ status: alertStatusOf(event.target.value) })}
        >
          <option value="">{t('alert_editor.admin.all_statuses')}</option>
          {ALERT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`alerts.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
      </div>

      {error ? (
        <AlertMessage>
          {t('alert_editor.admin.error_fetch')} {describe(error)}
        </AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : shown.length > 0 ? (
        <AlertsTable alerts={shown} />
      ) : (
        <p className={`card ${shared.empty}`} role="status">
          {alerts.length === 0 ? t('alert_editor.admin.empty') : t('alert_editor.admin.no_match')}
        </p>
      )}
    </section>
  );
}
