import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { usePasswordExposures } from '../../api/get-password-exposures';
import shared from '../admin-tab.module.css';
import { useDateFormat } from '@/lib/format-date';
import { PasswordFormDialog } from './password-form-dialog';
import styles from './passwords.module.css';

/**
 * The passwords to rotate: entries revealed by members who have since lost access to them (left
 * the role or the team, or deleted), unchanged since. Changing the password clears the entry.
 */
export function PasswordExposures() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const headingId = useId();
  const { data: exposures, error, isPending } = usePasswordExposures();
  const count = exposures?.length ?? 0;

  return (
    <section className={styles.exposures} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionHeading}>
        {t('admin_settings.passwords.exposures.title')}
        {exposures && (
          <>
            {' '}
            <span className={styles.badge} data-empty={count === 0 || undefined} aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">
              {t('admin_settings.passwords.exposures.count', { count })}
            </span>
          </>
        )}
      </h3>
      <p className={shared.note}>{t('admin_settings.passwords.exposures.description')}</p>
      {error ? (
        <AlertMessage>{t('admin_settings.passwords.exposures.load_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : count === 0 ? (
        <p className={shared.placeholder}>{t('admin_settings.passwords.exposures.empty')}</p>
      ) : (
        <ul className={styles.exposureList}>
          {exposures.map(({ entry, members }) => (
            <li key={entry._id} className={`card ${styles.exposure}`}>
              <div>
                <p className={styles.exposureEntry}>
                  {t('admin_settings.passwords.entry_name', {
                    network: entry.network,
                    account: entry.account,
                  })}
                </p>
                <ul className={styles.exposureMembers}>
                  {members.map((member) => (
                    <li key={`${member._id ?? 'deleted'}-${member.pseudo}`}>
                      {member.left_discord_at
                        ? t('admin_settings.passwords.exposures.left_discord', {
                            pseudo: member.pseudo,
                            at: format.dateTime(member.left_discord_at) ?? t('common.unknown_date'),
                          })
                        : t('admin_settings.passwords.exposures.revealed_by', {
                            pseudo: member.pseudo,
                            at:
                              (member.last_revealed_at &&
                                format.dateTime(member.last_revealed_at)) ??
                              t('common.unknown_date'),
                          })}
                    </li>
                  ))}
                </ul>
              </div>
              <PasswordFormDialog entry={entry}>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={t('admin_settings.passwords.exposures.rotate_entry', {
                    network: entry.network,
                    account: entry.account,
                  })}
                >
                  <Pencil size={16} aria-hidden="true" />
                  {t('admin_settings.passwords.exposures.rotate')}
                </button>
              </PasswordFormDialog>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
