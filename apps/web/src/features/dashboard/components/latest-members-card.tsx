import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useDateFormat } from '@/lib/format-date';
import { useLatestUsers } from '../api/get-latest-users';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';
import { MemberLink } from './member-link';

/** The newest members, newest first, with the day they joined. */
export function LatestMembersCard() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { data: members, error, isPending } = useLatestUsers();

  return (
    <DashboardCard title={t('dashboard.latest.title')} order={4}>
      {error ? (
        <AlertMessage>{t('dashboard.latest_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : members.length === 0 ? (
        <p className={styles.placeholder}>{t('dashboard.latest.empty')}</p>
      ) : (
        <ul className={styles.members}>
          {members.map((member) => (
            <li key={member._id}>
              <MemberLink member={member}>
                <span className={styles.memberDetail}>
                  {t('dashboard.latest.joined', {
                    date: format.date(member.created_at) ?? t('common.unknown_date'),
                  })}
                </span>
              </MemberLink>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
