import type { Alert } from '@guildhall/contract';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AlertTypeIcon } from '@/components/ui/alert-type-icon';
import { SafeMarkup } from '@/components/ui/safe-markup';
import shared from '../admin-tab.module.css';
import { AdminTable } from '../admin-table';
import { useDateFormat } from '@/lib/format-date';
import { AlertFormDialog } from './alert-form-dialog';
import { alertSummary } from './alert-summary';
import { DeleteAlertButton } from './delete-alert-button';
import styles from './alerts.module.css';

export function AlertsTable({ alerts }: { alerts: Alert[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();

  /** When the alert shows, if it has dates: "Du … au …", "Dès le …", "Jusqu'au …". */
  const windowOf = (alert: Alert): string | null => {
    const start = alert.starts_at && format.dateTime(alert.starts_at);
    const end = alert.ends_at && format.dateTime(alert.ends_at);
    if (start && end) return t('alert_editor.admin.window_between', { start, end });
    if (start) return t('alert_editor.admin.window_from', { start });
    if (end) return t('alert_editor.admin.window_until', { end });
    return null;
  };

  return (
    <AdminTable
      caption={t('alert_editor.admin.caption')}
      columns={
        <>
          <th scope="col">{t('alert_editor.admin.columns.message')}</th>
          <th scope="col">{t('alert_editor.admin.columns.condition')}</th>
          <th scope="col">{t('alert_editor.admin.columns.type')}</th>
          <th scope="col">{t('alert_editor.admin.columns.status')}</th>
          <th scope="col">{t('alert_editor.admin.columns.actions')}</th>
        </>
      }
    >
      {alerts.map((alert) => {
        const summary = alertSummary(alert.message);
        return (
          <tr key={alert._id}>
            <th scope="row" className={styles.messageCell}>
              <SafeMarkup markup={alert.message} className={styles.shortMessage} />
            </th>
            <td className={styles.conditionCell}>
              <code>{alert.condition}</code>
            </td>
            <td>
              <span className={styles.typeBadge} data-type={alert.type}>
                <AlertTypeIcon type={alert.type} size={16} />
                {t(`alerts.types.${alert.type}`)}
              </span>
            </td>
            <td>
              <span className={styles.status} data-status={alert.statut}>
                {t(`alerts.statuses.${alert.statut}`)}
              </span>
              {windowOf(alert) && <p className={styles.window}>{windowOf(alert)}</p>}
            </td>
            <td>
              <div className={shared.actions}>
                <AlertFormDialog alert={alert}>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('alert_editor.admin.edit', { summary })}
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </button>
                </AlertFormDialog>
                <DeleteAlertButton alert={alert} summary={summary} />
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
