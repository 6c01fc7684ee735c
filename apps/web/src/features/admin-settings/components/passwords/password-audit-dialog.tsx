import type { PasswordAuditEvent, PasswordEntry } from '@guildhall/contract';
import { History, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { usePasswordAudit } from '../../api/get-password-audit';
import { formatDateTime } from './format-date-time';
import styles from './passwords.module.css';

/** Opens the entry's audit trail: who revealed, created, changed or deleted it, and when. */
export function PasswordAuditDialog({ entry }: { entry: PasswordEntry }) {
  const { t } = useTranslation();
  const names = { network: entry.network, account: entry.account };

  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="icon-button" aria-label={t('vault.audit.open', names)}>
          <History size={18} aria-hidden="true" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>
              {t('vault.audit.title', names)}
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('vault.audit.close')}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            {t('vault.audit.description')}
          </Dialog.Description>
          {/* Mounted only while open: the trail is asked for when it is looked at. */}
          <AuditTrail id={entry._id} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Newest first, as the server sends them; sorted again so that no answer can mislead. */
const newestFirst = (events: PasswordAuditEvent[]) =>
  [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

function AuditTrail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const captionId = useId();
  const { data: events, error, isPending } = usePasswordAudit(id);

  if (error) return <AlertMessage>{t('vault.audit.load_error')}</AlertMessage>;
  if (isPending) return <LoadingMessage />;
  if (events.length === 0) return <p className={styles.placeholder}>{t('vault.audit.empty')}</p>;

  return (
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className="visually-hidden">
          {t('vault.audit.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('vault.audit.columns.at')}</th>
            <th scope="col">{t('vault.audit.columns.action')}</th>
            <th scope="col">{t('vault.audit.columns.member')}</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst(events).map((event) => (
            <tr key={event._id}>
              <td>
                <time dateTime={event.at}>
                  {formatDateTime(event.at, language) ?? t('common.not_available')}
                </time>
              </td>
              <td>{t(`vault.audit.actions.${event.action}`)}</td>
              <td>
                {event.member._id === null
                  ? t('vault.audit.deleted_member', { pseudo: event.member.pseudo })
                  : event.member.pseudo}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
