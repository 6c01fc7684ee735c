import type { User } from '@guildhall/contract';
import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { NotProvided } from '@/components/ui/not-provided';
import { useDateFormat } from '@/lib/format-date';
import { displayName } from '@/lib/member-name';
import { RoleBadge } from '../role-badge';
import styles from './profile.module.css';

/** Banner, avatar, full name (the page's title), role, country and the month the member joined. */
export function ProfileHeader({ member }: { member: User }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const name = displayName(member);
  const joined = format.monthYear(member.created_at);

  return (
    <header className={`card ${styles.header}`}>
      <div className={styles.banner} />
      <div className={styles.identity}>
        <div className={styles.avatar}>
          <MemberAvatar member={member} size="large" />
        </div>
        <div className={styles.names}>
          <title>{t('app.document_title', { page: name })}</title>
          <h1 className={styles.name}>{name}</h1>
          <ul className={styles.facts}>
            <li>
              <RoleBadge role={member.role} />
            </li>
            <li className={styles.fact}>
              <MapPin size={16} />
              {member.country ?? <NotProvided />}
            </li>
            <li className={styles.fact}>
              <CalendarDays size={16} />
              {t('users.profile.joined', { date: joined ?? t('common.unknown_date') })}
            </li>
          </ul>
        </div>
      </div>
    </header>
  );
}
