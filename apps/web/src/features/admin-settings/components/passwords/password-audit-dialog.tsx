import type { PasswordAuditEvent, PasswordEntry } from '@guildhall/contract';
import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { usePasswordAudit } from '../../api/get-password-audit';
import { Dialog } from '@/components/ui/dialog';
import shared from '../admin-tab.module.css';
import { AdminTable } from '../admin-table';
import { useDateFormat } from '@/lib/format-date';
import { itemsOf } from '@/lib/paging';
import styles from './passwords.module.css';

/** Opens the entry's audit trail: who revealed, created, changed or deleted it, and when. */
export function PasswordAuditDialog({ entry }: { entry: PasswordEntry }) {
  const { t } = useTranslation();
  const names = { network: entry.network, account: entry.account };

  return (
    <Dialog
      trigger={
        <button
          type="button"
          className="icon-button"
          aria-label={t('admin_settings.passwords.audit.open', names)}
        >
          <History size={18} aria-hidden="true" />
        </button>
      }
      className={styles.dialog}
      titleClassName={styles.dialogTitle}
      title={t('admin_settings.passwords.audit.title', names)}
      description={t('admin_settings.passwords.audit.description')}
      closeLabel={t('admin_settings.passwords.audit.close')}
    >
      {/* Mounted only while open: the trail is asked for when it is looked at. */}
      <AuditTrail id={entry._id} />
    </Dialog>
  );
}

/** Newest first, as the server sends them; sorted again so that no answer can mislead. */
const newestFirst = (events: PasswordAuditEvent[]) =>
  [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

function AuditTrail({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const audit = usePasswordAudit(id);
  const events = itemsOf(audit.data);

  if (audit.error && !audit.data) {
    return <AlertMessage>{t('admin_settings.passwords.audit.load_error')}</AlertMessage>;
  }
  if (audit.isPending) return <LoadingMessage />;
  if (events.length === 0)
    return <p className={shared.placeholder}>{t('admin_settings.passwords.audit.empty')}</p>;

  return (
    <>
      <AdminTable
        caption={t('admin_settings.passwords.audit.caption')}
        noWrap
        columns={
          <>
            <th scope="col">{t('admin_settings.passwords.audit.columns.at')}</th>
            <th scope="col">{t('admin_settings.passwords.audit.columns.action')}</th>
            <th scope="col">{t('admin_settings.passwords.audit.columns.member')}</th>
          </>
        }
      >
        {newestFirst(events).map((event) => (
          <tr key={event._id}>
            <td>
              <time dateTime={event.at}>
                {format.dateTime(event.at) ?? t('common.unknown_date')}
              </time>
            </td>
            <td>{t(`admin_settings.passwords.audit.actions.${event.action}`)}</td>
            <td>
              {event.member._id === null
                ? t('admin_settings.passwords.audit.deleted_member', {
                    pseudo: event.member.pseudo,
                  })
                : event.member.pseudo}
            </td>
          </tr>
        ))}
      </AdminTable>
      {audit.isFetchNextPageError && (
        <AlertMessage>{t('admin_settings.passwords.audit.load_error')}</AlertMessage>
      )}
      <Pager query={audit} />
    </>
  );
}
